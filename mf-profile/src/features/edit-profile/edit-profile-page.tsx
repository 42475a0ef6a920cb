import { PageHeading, Stack } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { ErrorPanel } from '@loyalty/shared/ui';
import { useSession } from '@loyalty/shared/session';
import { useCountries } from '../../components/geo/use-geo';
import { EditProfileForm } from './edit-profile-form';

/** `/dashboard/user/edit-profile`: the form opens once the country list (for the phone) is in. */
export function EditProfilePage() {
  const { t } = useTranslation('profile');
  const user = useSession((state) => state.user);
  const countries = useCountries();

  return (
    <Stack gap="6" maxWidth="3xl">
      <PageHeading>{t('edit.title')}</PageHeading>
      {countries.status === 'error' ? (
        <ErrorPanel title={t('edit.load_error')} onRetry={countries.retry} />
      ) : countries.status === 'ready' && user ? (
        <EditProfileForm user={user} countries={countries.data} />
      ) : (
        <Stack gap="4" role="status" aria-label={accessibleText(t('edit.loading'))}>
          <Skeleton height="10" />
          <Skeleton height="10" />
          <Skeleton height="10" />
        </Stack>
      )}
    </Stack>
  );
}
