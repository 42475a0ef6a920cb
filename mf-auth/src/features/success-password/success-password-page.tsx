import { Button, FormAlert, Stack } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { Link as RouterLink, useLocation, paths } from '@loyalty/shared/router';
import { AuthCard } from '../../components/auth-form/auth-card';

/** The end of the reset journey (docs/product/api.md 'Password is reset successfully'); next: sign in. */
export function SuccessPasswordPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  return (
    <AuthCard title={t('success.title')}>
      <FormAlert status="success" outcome={false} title={t('success.message')}>
        {t('success.next')}
      </FormAlert>
      <Stack>
        <Button asChild>
          <RouterLink to={{ pathname: paths.auth.login, search }}>{t('success.sign_in')}</RouterLink>
        </Button>
      </Stack>
    </AuthCard>
  );
}
