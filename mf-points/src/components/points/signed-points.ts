import type { TransactionType } from '@loyalty/shared/api';
import { formatNumber } from '@loyalty/shared/i18n';

/** Points with the sign of their direction: "+500" for credits, "−250" for debits. */
export function signedPoints(points: number, type: TransactionType, language: string): string {
  const sign = type === 'debit' ? '\u2212' : '+';
  return `${sign}${formatNumber(points, language)}`;
}
