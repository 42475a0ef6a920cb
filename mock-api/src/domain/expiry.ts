import { addDays } from '../clock';
import type { Database, TransactionRecord } from '../store/schema';
import { readable, type Store } from '../store/store';
import { activityDaysOf, expiryDayAfter, nextTransactionNumber, transactionsOf, typeOf } from './ledger';

/** An expiry the ledger owes: on `date`, `points` expire after no activity since `lastActivity`. */
export interface DueExpiry {
  date: string;
  points: number;
  lastActivity: string;
}

/**
 * The deterministic id of a member's expiry on a day: the key that makes writing it idempotent
 * (a second run, or a second request racing the first, finds it and writes nothing).
 */
export function expiryIdOf(memberId: string, date: string): string {
  return `txn-expiry-${memberId}-${date}`;
}

/** What was available at the end of the day before `date`, from the lines dated before it. */
function availableBefore(records: readonly TransactionRecord[], date: string): number {
  const dayBefore = addDays(date, -1);
  let points = 0;
  for (const record of records) {
    if (record.date.slice(0, 10) >= date) continue;
    const type = typeOf(record, dayBefore);
    if (type === 'debit') points -= record.points;
    else if (type === 'credit') points += record.points;
  }
  return points;
}

/**
 * The expiries the business clock has reached and the ledger does not hold yet
 * (docs/product/expiry.md, "When points expire"): every gap of 24 months or more between one
 * activity and the next (or today), the first of them earliest.
 */
export function dueExpiries(data: Database, memberId: string, today: string): DueExpiry[] {
  // Every read asks this (docs/performance-log.md, 2026-11-29), and an expiry is rarely due: first
  // a pass that allocates nothing, for the first activity (a claim becomes available after its own
  // day). Every gap starts on or after it, so a member active for less than 24 months owes none.
  let first = '';
  for (const record of readable(data.transactions)) {
    if (record.memberId === memberId && record.kind !== 'expiry' && (first === '' || record.date < first))
      first = record.date;
  }
  if (first === '' || expiryDayAfter(first.slice(0, 10)) > today) return [];
  const activity = new Set<string>();
  const written = new Set<string>();
  for (const record of readable(data.transactions)) {
    if (record.memberId !== memberId) continue;
    if (record.kind === 'expiry') written.add(record.id);
    else for (const day of activityDaysOf(record)) activity.add(day);
  }
  const days = [...activity].sort();
  const due: DueExpiry[] = [];
  for (const [index, lastActivity] of days.entries()) {
    const date = expiryDayAfter(lastActivity);
    if (date > today) break;
    const next = days[index + 1];
    if (next !== undefined && next < date) continue;
    if (written.has(expiryIdOf(memberId, date))) continue;
    // Expiries written by this run count too: each one takes what the last one left.
    const earlier = due.reduce((sum, expiry) => sum + expiry.points, 0);
    const points = availableBefore(transactionsOf(data, memberId), date) - earlier;
    if (points > 0) due.push({ date, points, lastActivity });
  }
  return due;
}

/** Writes the member's due expiries into the ledger; call inside a store transaction. */
export function writeDueExpiries(data: Database, memberId: string, today: string): void {
  for (const expiry of dueExpiries(data, memberId, today)) {
    data.transactions.push({
      id: expiryIdOf(memberId, expiry.date),
      transactionNumber: nextTransactionNumber(data),
      memberId,
      date: `${expiry.date}T00:00:00.000Z`,
      kind: 'expiry',
      points: expiry.points,
      lastActivity: expiry.lastActivity,
      description: `Points expired: no activity since ${expiry.lastActivity}`,
    });
  }
}

/**
 * The members and days a ledger was found to owe no expiry, by ledger: the stored ledger is
 * immutable and every write makes a new one, so an answer holds until the next write. Reads of a
 * long history pay the walk once per write, not once per read.
 */
const noneDue = new WeakMap<readonly TransactionRecord[], Set<string>>();

/**
 * Brings the member's ledger up to the business clock before it is read: looks first, and opens a
 * transaction (written to disk) only when an expiry is due, so a read writes nothing most days.
 */
export function settleExpiries(store: Store, memberId: string, today: string): void {
  const ledger = store.data.transactions;
  const key = `${memberId}|${today}`;
  if (noneDue.get(ledger)?.has(key)) return;
  if (dueExpiries(store.data, memberId, today).length === 0) {
    const known = noneDue.get(ledger) ?? new Set<string>();
    noneDue.set(ledger, known.add(key));
    return;
  }
  store.transact((data) => writeDueExpiries(data, memberId, today));
}
