import { languageOption } from '@loyalty/shared/i18n';
import type { Transaction } from '@loyalty/shared/api';

const day = (value: string) => new Date(`${value}T00:00:00Z`);

/** A stay as its language writes a range ("1–5 Jun 2030", "1.–5. Juni 2030"), or null without one. */
export function stayDates(transaction: Pick<Transaction, 'stay'>, language: string): string | null {
  if (!transaction.stay) return null;
  const format = new Intl.DateTimeFormat(languageOption(language).locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return format.formatRange(day(transaction.stay.startDate), day(transaction.stay.endDate));
}
