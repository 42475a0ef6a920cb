import { POINTS_EXPIRY_MONTHS, type NextExpiry } from '@loyalty/shared/api';
import { formatDate, formatNumber } from '@loyalty/shared/i18n';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * "N points expire on <date>" in the member's language (docs/product/expiry.md): `card.expiry` as
 * the card and the statement say it, `next.expiry` with what keeps the points alive.
 */
export function expiryText(
  key: 'card.expiry' | 'next.expiry',
  expiry: NextExpiry,
  language: string,
  t: Translate,
): string {
  return t(key, {
    count: expiry.points,
    points: formatNumber(expiry.points, language),
    date: formatDate(expiry.date, language, 'long'),
    months: formatNumber(POINTS_EXPIRY_MONTHS, language),
  });
}
