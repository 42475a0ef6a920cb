import type { ReactNode } from 'react';
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { useTranslation } from '@loyalty/shared/i18n';
import { languageOption } from '@loyalty/shared/i18n';
import { system } from './system';
import { ToasterOnDemand } from './toaster-on-demand';
import { SettingsSync } from './settings-sync';

/** Chakra, the member's locale (for right-to-left widgets) and the toaster, in one place. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={languageOption(i18n.language).locale}>
        <SettingsSync />
        {children}
        <ToasterOnDemand />
      </LocaleProvider>
    </ChakraProvider>
  );
}
