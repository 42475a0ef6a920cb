import type { MemberBooking, Transaction } from '@loyalty/shared/api';

/**
 * A stay, drawn from its first to its last day: `claimed` when its points are on the statement,
 * `booked` for one of the member's bookings not claimed yet (docs/product/bookings.md).
 */
export interface Stay {
  bookingId: string;
  startDate: string;
  endDate: string;
  points: number;
  kind: 'claimed' | 'booked';
  /** The hotel, when the stay is one of the member's bookings. */
  property?: string;
  /** A past stay whose points are missing: the last day they can be claimed. */
  pointsMissingUntil?: string;
}

/** The day a claimed booking's points become available. */
export interface Unlock {
  bookingId: string;
  day: string;
  points: number;
  /** Already in the balance (the day is past). */
  settled: boolean;
}

export interface CalendarEvents {
  stays: Stay[];
  unlocks: Unlock[];
}

/**
 * The stays and unlock days of the member's claimed bookings, and the member's other bookings
 * beside them: one stay per booking (a claimed one of the member's own keeps its hotel's name),
 * none for a cancelled booking.
 */
export function calendarEvents(
  transactions: readonly Transaction[],
  bookings: readonly MemberBooking[] = [],
): CalendarEvents {
  const stays: Stay[] = [];
  const unlocks: Unlock[] = [];
  const booked = new Map(bookings.map((booking) => [booking.bookingId, booking]));
  const claimed = new Set<string>();
  for (const transaction of transactions) {
    if (!transaction.bookingId || transaction.type === 'debit') continue;
    claimed.add(transaction.bookingId);
    const property = booked.get(transaction.bookingId)?.property;
    if (transaction.stay)
      stays.push({
        bookingId: transaction.bookingId,
        ...transaction.stay,
        points: transaction.points,
        kind: 'claimed',
        ...(property ? { property } : {}),
      });
    if (transaction.availableOn)
      unlocks.push({
        bookingId: transaction.bookingId,
        day: transaction.availableOn,
        points: transaction.points,
        settled: transaction.type === 'credit',
      });
  }
  for (const booking of bookings) {
    if (booking.status === 'cancelled' || claimed.has(booking.bookingId)) continue;
    stays.push({
      bookingId: booking.bookingId,
      startDate: booking.startDate,
      endDate: booking.endDate,
      points: booking.points,
      kind: 'booked',
      property: booking.property,
      ...(booking.pointsMissingUntil ? { pointsMissingUntil: booking.pointsMissingUntil } : {}),
    });
  }
  return { stays, unlocks };
}

/** Where a day sits in a stay: its first day, its last, one between, or all three at once. */
export type StayPart = 'start' | 'middle' | 'end' | 'single';

export interface DayEvents {
  stays: Array<{ stay: Stay; part: StayPart }>;
  unlocks: Unlock[];
}

export function eventsOn(day: string, events: CalendarEvents): DayEvents {
  return {
    stays: events.stays
      .filter((stay) => stay.startDate <= day && day <= stay.endDate)
      .map((stay) => ({
        stay,
        part:
          stay.startDate === stay.endDate
            ? 'single'
            : day === stay.startDate
              ? 'start'
              : day === stay.endDate
                ? 'end'
                : 'middle',
      })),
    unlocks: events.unlocks.filter((unlock) => unlock.day === day),
  };
}

/**
 * The day the calendar opens on: the member's next event from `today` (a stay under way or to
 * come, or points unlocking), so a member looking for when their points arrive sees that month
 * first; today when nothing is ahead.
 */
export function nextEventDay(events: CalendarEvents, today: string): string {
  const ahead = [
    ...events.stays
      .filter((stay) => stay.endDate >= today)
      .map((stay) => (stay.startDate > today ? stay.startDate : today)),
    ...events.unlocks.filter((unlock) => unlock.day >= today).map((unlock) => unlock.day),
  ].sort();
  return ahead[0] ?? today;
}

/** The first day of `month` that holds an event, if any. */
export function firstEventDayIn(month: string, events: CalendarEvents): string | null {
  const days = [
    ...events.unlocks.map((unlock) => unlock.day),
    ...events.stays.flatMap((stay) => {
      const start = stay.startDate.slice(0, 7) === month ? stay.startDate : null;
      const covers = stay.startDate.slice(0, 7) < month && stay.endDate.slice(0, 7) >= month ? `${month}-01` : null;
      return [start, covers].filter((day): day is string => day !== null);
    }),
  ]
    .filter((day) => day.startsWith(month))
    .sort();
  return days[0] ?? null;
}
