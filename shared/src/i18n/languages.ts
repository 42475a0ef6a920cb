import type { LanguageCode } from '@loyalty/shared/api';
import { DEFAULT_LANGUAGE } from './default-language';

export interface LanguageOption {
  value: LanguageCode;
  /** The language's name in itself, so a member can find theirs whatever is on screen. */
  label: string;
  dir: 'ltr' | 'rtl';
  /** BCP 47 tag for `Intl` formatting. */
  locale: string;
}

export const LANGUAGES: readonly LanguageOption[] = [
  { value: 'en', label: 'English', dir: 'ltr', locale: 'en-GB' },
  { value: 'fr', label: 'Français', dir: 'ltr', locale: 'fr-FR' },
  { value: 'es', label: 'Español', dir: 'ltr', locale: 'es-ES' },
  { value: 'de', label: 'Deutsch', dir: 'ltr', locale: 'de-DE' },
  { value: 'ar', label: 'العربية', dir: 'rtl', locale: 'ar' },
];

export { DEFAULT_LANGUAGE };
export const SUPPORTED_LANGUAGES = LANGUAGES.map((language) => language.value);
/** Where the chosen language is cached (docs/product/frame.md, "Languages and direction"); it survives logout. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function toLanguageCode(value: string | undefined | null): LanguageCode {
  const base = (value ?? '').toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LANGUAGES as string[]).includes(base ?? '') ? (base as LanguageCode) : DEFAULT_LANGUAGE;
}

/** The web app manifest in `value`'s language (the build writes one a language: webpack/install/). */
export function manifestHref(value: string | undefined | null): string {
  return `/manifest.${toLanguageCode(value)}.webmanifest`;
}

/** Points the page's manifest link at `value`'s language: a phone adds the portal under its names. */
export function linkManifest(document: Document, value: string | undefined | null): void {
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestHref(value));
}

export function languageOption(value: string | undefined | null): LanguageOption {
  const code = toLanguageCode(value);
  return LANGUAGES.find((language) => language.value === code) ?? LANGUAGES[0]!;
}

export function directionOf(value: string | undefined | null): 'ltr' | 'rtl' {
  return languageOption(value).dir;
}

/**
 * The direction a page starts in (docs/product/frame.md): a right-to-left language always reads
 * right to left, whatever direction was stored; otherwise the stored one.
 */
export function startingDirection(stored: 'ltr' | 'rtl', language: string | undefined | null): 'ltr' | 'rtl' {
  return directionOf(language) === 'rtl' ? 'rtl' : stored;
}
