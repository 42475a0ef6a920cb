import type { UseFormRegisterReturn } from 'react-hook-form';
import { HStack } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { KEPT_SESSION_DAYS } from '@loyalty/shared/validation';

/**
 * "Keep me signed in on this device", offered wherever a step signs the member in (the sign-in
 * page, a sign-up's code step). Unticked by default, for shared devices (decision 080). The
 * browser's own checkbox in its label: the sign-in page's first JavaScript has little room.
 */
export function KeepSignedInChoice({ field }: { field: UseFormRegisterReturn<'keepSignedIn'> }) {
  const { t } = useTranslation('auth');
  return (
    <HStack asChild gap="2" alignItems="flex-start">
      <label>
        <input type="checkbox" style={{ width: '1.125rem', height: '1.125rem' }} {...field} />
        {t('login.keep_signed_in', { count: KEPT_SESSION_DAYS })}
      </label>
    </HStack>
  );
}
