import { languageOption } from './languages';

/** Numbers in the member's language (Arabic uses Arabic-Indic digits, German `1.234`). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(languageOption(language).locale).format(value);
}

/** A calendar date (`2026-11-22` or an ISO timestamp) in the member's language. */
export function formatDate(value: string | Date, language: string, style: 'medium' | 'long' = 'medium'): string {
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  return new Intl.DateTimeFormat(languageOption(language).locale, { dateStyle: style, timeZone: 'UTC' }).format(date);
}
