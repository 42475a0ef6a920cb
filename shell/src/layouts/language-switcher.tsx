import { NativeSelect } from '@loyalty/shared/ui';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { LANGUAGES } from '@loyalty/shared/i18n';

/** Switches the interface language; the choice is cached in localStorage by the detector. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('shell');
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={accessibleText(t('language.label'))}
        value={i18n.resolvedLanguage}
        onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language.value} value={language.value} lang={language.value}>
            {language.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
