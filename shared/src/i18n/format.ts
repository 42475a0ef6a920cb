import { languageOption } from './languages';

// Building an Intl formatter loads its locale's data and costs far more than formatting with it:
// on a slow phone, the dashboard's figures and dates spent some 50 ms of start-up building the
// same few formatters again for every value. One formatter per locale and style, built when first
// needed.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = build();
    formatters.set(key, found);
  }
  return found;
}

/** Numbers in the member's language (Arabic uses Arabic-Indic digits, German `1.234`). */
export function formatNumber(value: number, language: string): string {
  const { locale } = languageOption(language);
  return formatter(`number|${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** A calendar date (`2026-11-22` or an ISO timestamp) in the member's language. */
export function formatDate(value: string | Date, language: string, style: 'medium' | 'long' = 'medium'): string {
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  const { locale } = languageOption(language);
  return formatter(
    `date|${locale}|${style}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }),
  ).format(date);
}

/**
 * A left-to-right token (a booking id, an e-mail address, a version) set apart from the text
 * around it with Unicode's first-strong isolate (U+2068 … U+2069). Inside Arabic, `BK-0003: 700
 * نقطة` would otherwise join the id, the colon and the number into one left-to-right run, and read
 * in the wrong order; an isolated token keeps its own direction and leaves the punctuation to the
 * sentence. Invisible, and harmless in left-to-right text.
 */
export function isolate(token: string): string {
  return `\u2068${token}\u2069`;
}

/**
 * Builds the formatters of `language` ahead of their first use. A page's first Intl number
 * formatter loads ICU's number data, some 20 ms on a desktop and four times that on a phone, which
 * would otherwise land inside the first render of a page of figures.
 */
export function prepareFormatting(language: string): void {
  formatNumber(0, language);
  formatDate(new Date(0), language);
}
