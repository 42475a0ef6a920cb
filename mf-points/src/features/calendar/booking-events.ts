import type { Transaction } from '@loyalty/shared/api';

export type BookingEventKind = 'claimed' | 'available';

export interface BookingEvent {
  kind: BookingEventKind;
  /** `YYYY-MM-DD` (UTC, as the API dates are). */
  day: string;
  bookingId: string;
  transactionNumber: string;
  points: number;
  /** Whether the points are already available (the credit is no longer pending). */
  settled: boolean;
}

/**
 * The calendar's events from the member's claimed bookings: the day each was claimed and the day
 * its points become available (the API's `availableOn`, the day after the booking ends).
 */
export function bookingEvents(transactions: Transaction[]): BookingEvent[] {
  const events: BookingEvent[] = [];
  for (const transaction of transactions) {
    if (!transaction.bookingId || transaction.type === 'debit') continue;
    const base = {
      bookingId: transaction.bookingId,
      transactionNumber: transaction.transactionNumber,
      points: transaction.points,
      settled: transaction.type === 'credit',
    };
    events.push({ ...base, kind: 'claimed', day: transaction.date.slice(0, 10) });
    if (transaction.availableOn) events.push({ ...base, kind: 'available', day: transaction.availableOn });
  }
  return events.sort((a, b) => a.day.localeCompare(b.day) || a.kind.localeCompare(b.kind));
}

/** `YYYY-MM` of a date, in UTC like the API's days. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export function isMonth(value: string | null): value is string {
  return !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, monthNumber - 1 + by, 1)));
}

/** The month's events grouped by day, days in order. */
export function eventsByDay(events: BookingEvent[], month: string): Array<[string, BookingEvent[]]> {
  const days = new Map<string, BookingEvent[]>();
  for (const event of events) {
    if (!event.day.startsWith(month)) continue;
    days.set(event.day, [...(days.get(event.day) ?? []), event]);
  }
  return [...days.entries()];
}
