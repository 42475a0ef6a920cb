import type { Transaction } from '@loyalty/shared/api';

/** A claimed stay, drawn from its first to its last day. */
export interface Stay {
  bookingId: string;
  startDate: string;
  endDate: string;
  points: number;
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

/** The stays and unlock days of the member's claimed bookings. */
export function calendarEvents(transactions: readonly Transaction[]): CalendarEvents {
  const stays: Stay[] = [];
  const unlocks: Unlock[] = [];
  for (const transaction of transactions) {
    if (!transaction.bookingId || transaction.type === 'debit') continue;
    if (transaction.stay)
      stays.push({ bookingId: transaction.bookingId, ...transaction.stay, points: transaction.points });
    if (transaction.availableOn)
      unlocks.push({
        bookingId: transaction.bookingId,
        day: transaction.availableOn,
        points: transaction.points,
        settled: transaction.type === 'credit',
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
