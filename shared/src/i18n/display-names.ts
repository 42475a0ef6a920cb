import { i18n } from './i18n-instance';
import { languageOption } from './languages';

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * The name of a language or a country (by its code) in the member's language, from the browser's
 * own data (`Intl.DisplayNames`): the API names them in English, and the portal speaks five
 * languages. Undefined where the browser has no name for the code.
 */
export function displayName(type: 'language' | 'region', code: string, language: string): string | undefined {
  const key = `${type}:${language}`;
  let names = displayNames.get(key);
  if (!names) {
    try {
      names = new Intl.DisplayNames([languageOption(language).locale], { type, fallback: 'none' });
    } catch {
      return undefined;
    }
    displayNames.set(key, names);
  }
  try {
    return names.of(code) || undefined;
  } catch {
    // Not a well-formed code (the API's blank entry, a typo): the caller's own text stands.
    return undefined;
  }
}

/** A language's name in the member's language ("français" on a French page, "French" on an English one). */
export function languageName(code: string, language: string): string {
  return displayName('language', code, language) ?? languageOption(code).label;
}

/**
 * A tier's name in the member's language. Tiers are the programme's own and the API names them in
 * English, so the portal translates the ones it knows (`tier_names` in the common texts) and shows
 * any other as the API sent it.
 */
export function tierName(name: string, language = i18n.language): string {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
  return i18n.t(`tier_names.${key}`, { ns: 'common', lng: language, defaultValue: name });
}
