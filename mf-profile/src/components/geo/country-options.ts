import type { Country } from '@loyalty/shared/api';
import { displayName } from '@loyalty/shared/i18n';

export interface CountryOption {
  code: string;
  /** The country's name in the interface language. */
  name: string;
  /** Dial code as the API gives it, e.g. `33` or `1-268`. */
  phone: string;
  suggested: boolean;
}

type TranslatedLanguage = keyof Country['translations'];

function isTranslated(language: string): language is TranslatedLanguage {
  return ['en', 'fr', 'de', 'es'].includes(language);
}

/**
 * A country's name in the interface language: the browser's (`Intl.DisplayNames`), which knows
 * every language of the portal; else the API's translation (en, fr, de and es), else its English.
 */
export function countryName(country: Country, language: string): string {
  const translated = isTranslated(language) ? country.translations[language] : '';
  return displayName('region', country.code, language) || translated || country.translations.en || country.label;
}

/**
 * The select's options: suggested countries first, then the rest, each group in the interface
 * language's alphabetical order. The API's blank first entry is dropped; the select draws its own.
 */
export function countryOptions(countries: readonly Country[], language: string): CountryOption[] {
  const collator = new Intl.Collator(language);
  const options = countries
    .filter((country) => country.code !== '')
    .map((country) => ({
      code: country.code,
      name: countryName(country, language),
      phone: country.phone,
      suggested: country.suggested === true,
    }));
  return options.sort(
    (left, right) => Number(right.suggested) - Number(left.suggested) || collator.compare(left.name, right.name),
  );
}
