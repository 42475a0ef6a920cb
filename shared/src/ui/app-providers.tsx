import type { ComponentType, ReactNode } from 'react';
import { ChakraProvider, LocaleProvider, type LocaleProviderProps } from '@chakra-ui/react';
import { useTranslation } from '@loyalty/shared/i18n';
import { languageOption } from '@loyalty/shared/i18n';
import { system } from './system';
import { ToasterOnDemand } from './toaster-on-demand';
import { SettingsSync } from './settings-sync';

/**
 * Chakra's locale provider, told the direction the portal already knows: worked out from the
 * locale, it would cost the first render a load of ICU data (the build's `localeDirectionGiven`
 * rewrite, webpack/chakra/rewrites.cjs, makes the provider read `dir`).
 */
const LocaleWithDirection = LocaleProvider as ComponentType<LocaleProviderProps & { dir: 'ltr' | 'rtl' }>;

/** Chakra, the member's locale (for right-to-left widgets) and the toaster, in one place. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = languageOption(i18n.language);
  return (
    <ChakraProvider value={system}>
      <LocaleWithDirection locale={language.locale} dir={language.dir}>
        <SettingsSync />
        {children}
        <ToasterOnDemand />
      </LocaleWithDirection>
    </ChakraProvider>
  );
}
