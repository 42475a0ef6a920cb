import i18next from 'i18next';
import { LANGUAGES } from '@loyalty/shared/i18n/languages';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';

/**
 * The e-mails' texts, one file a language (docs/product/accounts.md, "E-mails"): English is the
 * shape every other language must have, and what a language the mock API does not know gets.
 */
export type MailTexts = typeof en;
export type MailKind = keyof MailTexts;
export const MAIL_TEXTS: Record<string, Record<string, Record<string, string>>> = { en, fr, de, es, ar };

/** Values a text fills in (`{{name}}`); `count` also picks the text's plural form. */
export type MailValues = Record<string, string | number>;

/** A member's language as the e-mails know it: theirs when there are texts for it, else English. */
export function mailLanguage(language: string | undefined): string {
  return language && Object.hasOwn(MAIL_TEXTS, language) ? language : 'en';
}

/** The `Intl` locale of a language, as the pages format with (shared/src/i18n/languages.ts). */
function localeOf(language: string): string {
  return LANGUAGES.find((option) => option.value === language)?.locale ?? language;
}

/**
 * The mails' own i18next, apart from any page's: plural forms from `Intl.PluralRules` (`_one`,
 * `_two`, `_few`…, so Arabic has its six), numbers formatted where a text says `{{count, number}}`,
 * and a key missing from a language taken from English rather than mailed empty. Mails are plain
 * text, so nothing is escaped.
 */
const mails = i18next.createInstance();
void mails.init({
  resources: Object.fromEntries(Object.entries(MAIL_TEXTS).map(([lang, texts]) => [lang, { mail: texts }])),
  ns: ['mail'],
  defaultNS: 'mail',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** One text of a mail in `language`. */
export function mailText(language: string | undefined, kind: MailKind, key: string, values: MailValues = {}): string {
  return mails.t(`${kind}.${key}`, { ...values, lng: mailLanguage(language) });
}

/** What e-mails say in the member's words: durations, times and devices. */
export function mailWords(language: string | undefined) {
  const lang = mailLanguage(language);
  const locale = localeOf(lang);
  return {
    /** `900` → '15 minutes', `259200` → '72 hours', with the language's own plural forms (ICU). */
    duration(seconds: number): string {
      const [amount, unit] =
        seconds % 3600 === 0 && seconds >= 7200
          ? [seconds / 3600, 'hour']
          : seconds % 60 === 0
            ? [seconds / 60, 'minute']
            : [seconds, 'second'];
      return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
    },
    days(count: number): string {
      return new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(count);
    },
    /** A moment, in UTC (the API knows no member's time zone), said so. */
    time(at: Date): string {
      const time = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
        at,
      );
      return mailText(lang, 'words', 'time', { time });
    },
    device(device: { browser: string; os: string; deviceType: string }): string {
      // 'other' would read as a plural form's key: the texts name it `other_device`.
      const type = mailText(lang, 'words', device.deviceType === 'other' ? 'other_device' : device.deviceType);
      return mailText(lang, 'words', 'device', { browser: device.browser, os: device.os, type });
    },
  };
}
