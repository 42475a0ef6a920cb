import { useEffect, useRef } from 'react';
import { useLocation, paths } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import type { User } from '@loyalty/shared/api';
import { toLanguageCode } from '@loyalty/shared/i18n';
import { loadApi, loadQueryClient, sessionStore } from '@loyalty/shared/session';

/** docs/product/api.md: the profile update sent when the interface language changes. */
async function savePreferredLanguage(user: User, language: string): Promise<void> {
  const [{ countriesQueryOptions, parseInternationalNumber, updateProfile }, queryClient] = await Promise.all([
    loadApi(),
    loadQueryClient(),
  ]);
  const [firstname, ...rest] = user.FullName.split(' ');
  const countries = await queryClient.fetchQuery(countriesQueryOptions());
  const phone = parseInternationalNumber(user.MobileNumber, countries, user.Country);
  if (!phone) throw new Error(`No dial code matches ${user.MobileNumber}`);
  const phoneNumber = { code: phone.country.code, phoneCode: phone.country.phone, number: phone.number };
  await updateProfile({
    firstname: firstname ?? user.firstname,
    lastname: rest.join(' ') || user.lastname,
    email: user.Email,
    phoneNumber,
    preferred_language: toLanguageCode(language),
    country: user.Country,
    id: user.Id,
  });
}

/**
 * docs/product/frame.md "Language sync": when the member changes the interface language and it differs from
 * their preferred one (except on the edit-profile page, whose form owns that field), the profile
 * is updated and the session initialised again. A failure is only logged. Signing in on a device
 * set to another language changes nothing: only a change made by the member counts.
 */
export function useLanguageSync(): void {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const onLanguageChanged = (next: string) => {
      const { user, status } = sessionStore.getState();
      const language = toLanguageCode(next);
      if (status !== 'authenticated' || !user || user.PreferredLanguage === language) return;
      if (pathnameRef.current === paths.dashboard.user.editProfile) return;
      savePreferredLanguage(user, language)
        .then(() => sessionStore.getState().initialize())
        .catch((error: unknown) => console.error('The preferred language could not be saved', error));
    };
    i18n.on('languageChanged', onLanguageChanged);
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, [i18n]);
}
