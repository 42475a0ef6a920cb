import type { Transaction } from '@loyalty/shared/api';
import { formatDate, isolate } from '@loyalty/shared/i18n';
import { localized } from '../localized-text';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the API writes on a free-amount redemption with the member's own note (see mock-api). */
const NOTE_PREFIX = 'Redeemed: ';

/**
 * What a statement line was, in the member's language. The API describes each line in English
 * ("Redeemed: Airport lounge pass"); the lines the portal knows the shape of are said from their
 * fields instead: a stay's claim, a catalogue reward (named as it was when redeemed), an expiry and
 * the last activity before it, a free-amount redemption with or without the member's note, a household transfer (sent or received, naming the other member or a former one). Anything else is shown as the API wrote it.
 */
export function transactionText(transaction: Transaction, language: string, t: Translate): string {
  if (transaction.reward) {
    const reward = localized(transaction.reward.name, language);
    // A credit that names a reward is the refund of its cancelled voucher.
    return transaction.type === 'debit' ? t('statement.reward', { reward }) : t('statement.reward_refund', { reward });
  }
  if (transaction.household) {
    const { direction, counterpart } = transaction.household;
    // No name: the other member has deleted their account, and is "a former member" in every language.
    if (counterpart === null)
      return t(direction === 'out' ? 'statement.household_to_former' : 'statement.household_from_former');
    return t(direction === 'out' ? 'statement.household_to' : 'statement.household_from', {
      name: isolate(counterpart),
    });
  }
  if (transaction.expiry)
    return t('statement.expired', { date: formatDate(transaction.expiry.lastActivity, language, 'long') });
  if (transaction.bookingId && transaction.type !== 'debit')
    return t('statement.stay', { booking: isolate(transaction.bookingId) });
  if (transaction.type === 'debit') {
    if (transaction.description.startsWith(NOTE_PREFIX))
      return t('statement.redeemed_note', { note: transaction.description.slice(NOTE_PREFIX.length) });
    return t('statement.redeemed');
  }
  return transaction.description;
}
