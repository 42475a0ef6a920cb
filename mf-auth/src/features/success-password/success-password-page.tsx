import { Button, FormAlert, Stack } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { Link as RouterLink, useLocation, paths } from '@loyalty/shared/router';
import { AuthCard } from '../../components/auth-form/auth-card';

/** Whether the reset that led here ended the account's sessions; unknown after a reload. */
function sessionsEndedOf(state: unknown): boolean | undefined {
  const ended = (state as { sessionsEnded?: unknown } | null)?.sessionsEnded;
  return typeof ended === 'boolean' ? ended : undefined;
}

/**
 * The end of the reset journey (docs/product/api.md 'Password is reset successfully'), with what
 * became of the account's sessions (decision 079); next: sign in.
 */
export function SuccessPasswordPage() {
  const { t } = useTranslation('auth');
  const { search, state } = useLocation();
  const sessionsEnded = sessionsEndedOf(state);
  return (
    <AuthCard title={t('success.title')}>
      <FormAlert status="success" outcome={false} title={t('success.message')}>
        {sessionsEnded === undefined
          ? t('success.next')
          : `${t(sessionsEnded ? 'success.sessions_ended' : 'success.sessions_kept')} ${t('success.next')}`}
      </FormAlert>
      <Stack>
        <Button asChild>
          <RouterLink to={{ pathname: paths.auth.login, search }}>{t('success.sign_in')}</RouterLink>
        </Button>
      </Stack>
    </AuthCard>
  );
}
