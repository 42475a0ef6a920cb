import { languageOption } from './languages';
import { inReadingOrder } from './reading-order';

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
export function formatDate(
  value: string | Date,
  language: string,
  style: 'medium' | 'long' | 'full' = 'medium',
): string {
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  const { locale } = languageOption(language);
  const formatted = formatter(
    `date|${locale}|${style}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }),
  ).format(date);
  // A date alone in a table cell is not a translated text, yet reads wrong the same way ("Nov 2026
  // 23") on a page set against its language's direction.
  return inReadingOrder(formatted, language);
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
