import { languageOption } from './languages';
import { inReadingOrder } from './reading-order';

// Building an Intl formatter loads its locale's data and costs far more than formatting with it:
// on a slow phone, the dashboard's figures and dates spent a visible part of start-up building the
// same few formatters again for every value (docs/performance.md, "Behind the code"). One formatter
// per locale and style, built when first needed.
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;
const formatters = new Map<string, Formatter>();

function formatter<T extends Formatter>(key: string, build: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = build();
    formatters.set(key, found);
  }
  return found;
}

/** Numbers in the member's language (German `1.234`; Arabic in Latin digits, as CLDR 46 and later have it). */
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
 * A wait of `seconds` as the member's language says it from now ("in 30 seconds", "dans 2 minutes",
 * "خلال ساعتين"), in seconds under a minute, minutes under an hour, hours beyond, rounded up so
 * the member is never told to come back too early.
 */
export function formatWait(seconds: number, language: string): string {
  const { locale } = languageOption(language);
  const wait = Math.max(1, Math.ceil(seconds));
  const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
    wait < 60 ? [wait, 'second'] : wait < 3600 ? [Math.ceil(wait / 60), 'minute'] : [Math.ceil(wait / 3600), 'hour'];
  const relative = formatter(`wait|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }));
  return relative.format(amount, unit);
}

/**
 * How long ago `value` (an ISO timestamp) was, roughly, as the member's language says it ("5 minutes
 * ago", "hier", "منذ ساعتين"): minutes under an hour, hours under a day, days beyond.
 */
export function formatAgo(value: string, language: string, nowMs = Date.now()): string {
  const { locale } = languageOption(language);
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(value)) / 60_000));
  const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 1440
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / 1440), 'day'];
  const relative = formatter(`ago|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  return relative.format(-amount, unit);
}

/**
 * Builds the formatters of `language` ahead of their first use. A page's first Intl number
 * formatter loads ICU's number data, a long task on a phone
 * (docs/performance.md, "Behind the code"), which would otherwise land inside the first render of a
 * page of figures.
 */
export function prepareFormatting(language: string): void {
  formatNumber(0, language);
  formatDate(new Date(0), language);
}
