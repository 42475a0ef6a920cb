import { randomUUID } from 'node:crypto';
import type { Balance, PendingPoints, Transaction, TransactionType } from '@loyalty/shared/api';
import { addDays } from '../clock';
import type { BookingRecord, Database, TransactionRecord } from '../store/schema';
import { readable } from '../store/store';

/** A claimed booking's points become available the day after the booking ends (docs/product/points.md, "Pending points"). */
export function availableOnFor(booking: Pick<BookingRecord, 'endDate'>): string {
  return addDays(booking.endDate, 1);
}

export function typeOf(record: TransactionRecord, today: string): TransactionType {
  if (record.kind === 'debit') return 'debit';
  if (record.kind === 'claim' && record.availableOn !== undefined && today < record.availableOn)
    return 'credit_pending';
  return 'credit';
}

/** The stay of each booking by id, for statements that show a claim's stay dates. */
export type Stays = ReadonlyMap<string, { startDate: string; endDate: string }>;

export function staysOf(data: Pick<Database, 'bookings'>): Stays {
  return new Map(
    data.bookings.map((booking) => [booking.id, { startDate: booking.startDate, endDate: booking.endDate }]),
  );
}

export function present(record: TransactionRecord, today: string, stays?: Stays): Transaction {
  const stay = record.bookingId !== undefined ? stays?.get(record.bookingId) : undefined;
  return {
    id: record.id,
    transactionNumber: record.transactionNumber,
    date: record.date,
    type: typeOf(record, today),
    points: record.points,
    ...(record.bookingId !== undefined ? { bookingId: record.bookingId } : {}),
    ...(record.availableOn !== undefined ? { availableOn: record.availableOn } : {}),
    description: record.description,
    ...(stay ? { stay: { ...stay } } : {}),
    ...(record.reward ? { reward: { id: record.reward.id, name: { ...record.reward.name } } } : {}),
  };
}

export function transactionsOf(data: Database, memberId: string): TransactionRecord[] {
  return readable(data.transactions).filter((record) => record.memberId === memberId);
}

/** Balance = available credits − debits; pending = pending credits; total claimed = every credit. */
export function balanceOf(data: Database, memberId: string, today: string): Balance {
  let available = 0;
  let pending = 0;
  let debits = 0;
  // One pass over the ledger, without a list of the member's records on the way.
  for (const record of readable(data.transactions)) {
    if (record.memberId !== memberId) continue;
    const type = typeOf(record, today);
    if (type === 'debit') debits += record.points;
    else if (type === 'credit_pending') pending += record.points;
    else available += record.points;
  }
  return { pointBalance: available - debits, pointsPending: pending, totalClaimed: available + pending };
}

export function pendingOf(data: Database, memberId: string, today: string): PendingPoints[] {
  return transactionsOf(data, memberId)
    .filter((record) => typeOf(record, today) === 'credit_pending')
    .map((record) => ({
      transactionNumber: record.transactionNumber,
      bookingId: record.bookingId ?? '',
      points: record.points,
      availableOn: record.availableOn ?? today,
    }))
    .sort((a, b) => a.availableOn.localeCompare(b.availableOn));
}

/** The balance once `points` more are debited: what {@link balanceOf} would say after the debit. */
export function afterDebit(balance: Balance, points: number): Balance {
  return { ...balance, pointBalance: balance.pointBalance - points };
}

/** Writes a transaction into the ledger with a new id and the next number, and returns it. */
export function recordTransaction(
  data: Database,
  fields: Omit<TransactionRecord, 'id' | 'transactionNumber'>,
): TransactionRecord {
  const record: TransactionRecord = { id: randomUUID(), transactionNumber: nextTransactionNumber(data), ...fields };
  data.transactions.push(record);
  return record;
}

/** `TXN-000042`: sequential across the programme, never reused. */
export function nextTransactionNumber(data: Database): string {
  const number = data.meta.nextTransactionNumber++;
  return `TXN-${String(number).padStart(6, '0')}`;
}
