import { randomUUID } from 'node:crypto';
import { POINTS_EXPIRY_MONTHS, POINTS_EXPIRY_NOTICE_DAYS } from '@loyalty/shared/api';
import type { Balance, PendingPoints, Transaction, TransactionType } from '@loyalty/shared/api';
import { addDays, addMonths } from '../clock';
import type { BookingRecord, Database, TransactionRecord } from '../store/schema';
import { readable } from '../store/store';

/** A claimed booking's points become available the day after the booking ends (docs/product/points.md, "Pending points"). */
export function availableOnFor(booking: Pick<BookingRecord, 'endDate'>): string {
  return addDays(booking.endDate, 1);
}

export function typeOf(record: TransactionRecord, today: string): TransactionType {
  if (record.kind === 'debit' || record.kind === 'expiry') return 'debit';
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
    ...(record.lastActivity !== undefined ? { expiry: { lastActivity: record.lastActivity } } : {}),
    ...(record.householdTransfer
      ? {
          household: {
            direction: record.householdTransfer.direction,
            counterpart: record.householdTransfer.counterpart,
          },
        }
      : {}),
  };
}

export function transactionsOf(data: Database, memberId: string): TransactionRecord[] {
  return readable(data.transactions).filter((record) => record.memberId === memberId);
}

/**
 * The days a ledger line counts as activity (docs/product/expiry.md, "What keeps points alive"):
 * its own day, and for a claim also the day its points become available. An expiry is not activity.
 */
export function activityDaysOf(record: TransactionRecord): string[] {
  if (record.kind === 'expiry') return [];
  const day = record.date.slice(0, 10);
  return record.availableOn !== undefined && record.availableOn > day ? [day, record.availableOn] : [day];
}

/** The day points expire after activity on `lastActivity` and none since. */
export function expiryDayAfter(lastActivity: string): string {
  return addMonths(lastActivity, POINTS_EXPIRY_MONTHS);
}

/** The next expiry as the balance gives it: `soon` within the programme's notice of `today`. */
export function nextExpiryOf(points: number, date: string, today: string): Balance['nextExpiry'] {
  return points > 0 ? { points, date, soon: date <= addDays(today, POINTS_EXPIRY_NOTICE_DAYS) } : null;
}

/**
 * Balance = available credits − debits (expiries are debits); pending = pending credits; total
 * claimed = every credit. The next expiry is every point the member will hold (pending ones become
 * available before it), on the day 24 months after the last activity, the days pending points
 * become available included: it holds if nothing else happens.
 */
export function balanceOf(data: Database, memberId: string, today: string): Balance {
  let available = 0;
  let pending = 0;
  let debits = 0;
  // The last activity (activityDaysOf) as two maxima, compared as stored: nothing made per record.
  let lastDate = '';
  let lastAvailableOn = '';
  // One pass over the ledger, without a list of the member's records on the way.
  for (const record of readable(data.transactions)) {
    if (record.memberId !== memberId) continue;
    const type = typeOf(record, today);
    if (type === 'debit') debits += record.points;
    else if (type === 'credit_pending') pending += record.points;
    else available += record.points;
    if (record.kind === 'expiry') continue;
    if (record.date > lastDate) lastDate = record.date;
    if (record.availableOn !== undefined && record.availableOn > lastAvailableOn) lastAvailableOn = record.availableOn;
  }
  const lastDay = lastDate.slice(0, 10);
  const lastActivity = lastAvailableOn > lastDay ? lastAvailableOn : lastDay;
  const held = available + pending - debits;
  return {
    pointBalance: available - debits,
    pointsPending: pending,
    totalClaimed: available + pending,
    nextExpiry: lastActivity === '' ? null : nextExpiryOf(held, expiryDayAfter(lastActivity), today),
  };
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

/**
 * The balance once `points` more are debited today: what {@link balanceOf} would say after the
 * debit. The debit is activity, so the next expiry moves to 24 months from today unless a pending
 * credit becomes available later still.
 */
export function afterDebit(balance: Balance, points: number, today: string): Balance {
  const held = (balance.nextExpiry?.points ?? 0) - points;
  const fromToday = expiryDayAfter(today);
  const date = balance.nextExpiry && balance.nextExpiry.date > fromToday ? balance.nextExpiry.date : fromToday;
  return {
    ...balance,
    pointBalance: balance.pointBalance - points,
    nextExpiry: nextExpiryOf(held, date, today),
  };
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
