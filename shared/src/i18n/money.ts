import { languageOption } from '@loyalty/shared/i18n';

// Bundled into the pages that say an amount (tiers, the account's plan) rather than federated with
// the i18n module: the sign-in page loads that module whole and never shows money.
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount of money in the member's language and `currency` (ISO 4217): "€9.99", "9,99 €". A whole
 * amount goes without its cents ("€10,000"), as a threshold or a sum of bookings reads.
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  const { locale } = languageOption(language);
  const digits = Number.isInteger(amount) ? 0 : 2;
  const key = `${locale}|${currency}|${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}
