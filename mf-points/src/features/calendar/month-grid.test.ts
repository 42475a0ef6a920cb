import { addMonths, firstDayOfWeek, monthWeeks, weekBounds } from './month-grid';
import type { MemberBooking } from '@loyalty/shared/api';
import { calendarEvents, eventsOn, firstEventDayIn, nextEventDay } from './calendar-events';

describe('the month grid', () => {
  it('starts the week where the locale does', () => {
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('ar')).toBe(6);
    expect(firstDayOfWeek('en-US')).toBe(7);
  });

  it('lays a month out in weeks of seven from that day, with blanks around it', () => {
    // July 2031 starts on a Tuesday and has 31 days.
    const mondayFirst = monthWeeks('2031-07', 1);
    expect(mondayFirst[0]).toEqual([
      null,
      '2031-07-01',
      '2031-07-02',
      '2031-07-03',
      '2031-07-04',
      '2031-07-05',
      '2031-07-06',
    ]);
    expect(mondayFirst).toHaveLength(5);
    const saturdayFirst = monthWeeks('2031-07', 6);
    expect(saturdayFirst[0]).toEqual([null, null, null, '2031-07-01', '2031-07-02', '2031-07-03', '2031-07-04']);
    expect(saturdayFirst.flat().filter(Boolean)).toHaveLength(31);
  });

  it('moves by month keeping the day, or the month’s last day', () => {
    expect(addMonths('2031-01-31', 1)).toBe('2031-02-28');
    expect(addMonths('2031-03-15', -1)).toBe('2031-02-15');
    expect(addMonths('2031-12-10', 1)).toBe('2032-01-10');
    expect(addMonths('2032-02-29', 12)).toBe('2033-02-28');
  });

  it('finds the week of a day', () => {
    expect(weekBounds('2031-07-10', 1)).toEqual({ start: '2031-07-07', end: '2031-07-13' });
    expect(weekBounds('2031-07-10', 7)).toEqual({ start: '2031-07-06', end: '2031-07-12' });
  });
});

const claim = (
  bookingId: string,
  startDate: string,
  endDate: string,
  availableOn: string,
  type = 'credit_pending',
) => ({
  id: bookingId,
  transactionNumber: `TXN-${bookingId}`,
  date: '2031-01-01T10:00:00.000Z',
  type: type as 'credit' | 'credit_pending',
  points: 300,
  bookingId,
  availableOn,
  description: '',
  stay: { startDate, endDate },
});

describe('the calendar’s events', () => {
  const events = calendarEvents([
    claim('BK-A', '2030-01-10', '2030-01-12', '2030-01-13', 'credit'),
    claim('BK-B', '2031-07-01', '2031-07-03', '2031-07-04'),
    claim('BK-C', '2031-08-30', '2031-09-02', '2031-09-03'),
  ]);

  it('draws a stay from its first to its last day', () => {
    expect(eventsOn('2031-07-01', events).stays[0]?.part).toBe('start');
    expect(eventsOn('2031-07-02', events).stays[0]?.part).toBe('middle');
    expect(eventsOn('2031-07-03', events).stays[0]?.part).toBe('end');
    expect(eventsOn('2031-07-04', events)).toEqual({
      stays: [],
      unlocks: [{ bookingId: 'BK-B', day: '2031-07-04', points: 300, settled: false }],
    });
  });

  it('opens on the next event, not on a past one', () => {
    expect(nextEventDay(events, '2031-05-20')).toBe('2031-07-01');
    expect(nextEventDay(events, '2031-07-02')).toBe('2031-07-02');
    expect(nextEventDay(events, '2031-07-04')).toBe('2031-07-04');
    expect(nextEventDay(events, '2032-01-01')).toBe('2032-01-01');
  });

  it('finds a month’s first event, a stay begun the month before included', () => {
    expect(firstEventDayIn('2031-09', events)).toBe('2031-09-01');
    expect(firstEventDayIn('2031-07', events)).toBe('2031-07-01');
    expect(firstEventDayIn('2031-10', events)).toBeNull();
  });
});

describe('the member’s bookings on the calendar', () => {
  const booking = (
    bookingId: string,
    status: MemberBooking['status'],
    startDate: string,
    endDate: string,
    pointsMissingUntil: string | null = null,
  ): MemberBooking => ({
    bookingId,
    property: `Hotel ${bookingId}`,
    startDate,
    endDate,
    points: 200,
    status,
    pointsMissingUntil,
  });
  const events = calendarEvents(
    [claim('BK-A', '2031-07-01', '2031-07-03', '2031-07-04')],
    [
      booking('BK-A', 'stayed', '2031-07-01', '2031-07-03'),
      booking('BK-U', 'upcoming', '2031-08-10', '2031-08-12'),
      booking('BK-M', 'stayed', '2031-06-01', '2031-06-02', '2031-11-29'),
      booking('BK-X', 'cancelled', '2031-08-20', '2031-08-22'),
    ],
  );

  it('draws a booked stay beside the claimed ones, once each, and no cancelled one', () => {
    expect(events.stays.map((stay) => [stay.bookingId, stay.kind])).toEqual([
      ['BK-A', 'claimed'],
      ['BK-U', 'booked'],
      ['BK-M', 'booked'],
    ]);
    expect(eventsOn('2031-07-02', events).stays[0]?.stay.property).toBe('Hotel BK-A');
    expect(eventsOn('2031-08-21', events).stays).toEqual([]);
  });

  it('keeps a past stay’s missing points, and opens on a booked stay ahead', () => {
    expect(eventsOn('2031-06-01', events).stays[0]?.stay.pointsMissingUntil).toBe('2031-11-29');
    expect(nextEventDay(events, '2031-07-05')).toBe('2031-08-10');
  });
});
