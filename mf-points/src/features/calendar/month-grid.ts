import { addDays, addMonths } from '@loyalty/shared/dates';

/** Calendar arithmetic on `YYYY-MM-DD` days and `YYYY-MM` months, in UTC like the API's days. */

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);

// The pages' calendar counts days as the API does.
export { addDays, addMonths };

export function monthOfDay(day: string): string {
  return day.slice(0, 7);
}

export function isMonth(value: string | null): value is string {
  return !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** 1 (Monday) … 7 (Sunday), as ISO 8601 and `Intl.Locale`'s week information number them. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export function weekdayOf(day: string): Weekday {
  return (((toDate(day).getUTCDay() + 6) % 7) + 1) as Weekday;
}

type LocaleWithWeek = Intl.Locale & {
  getWeekInfo?: () => { firstDay: Weekday };
  weekInfo?: { firstDay: Weekday };
};

/**
 * The first day of the week where `locale` is spoken (Monday in Europe, Saturday for Arabic, Sunday
 * in the United States), from the browser's own locale data: `getWeekInfo()` in newer engines,
 * the `weekInfo` property in older ones; Monday, ISO 8601's choice, where neither exists.
 */
export function firstDayOfWeek(locale: string): Weekday {
  const intlLocale = new Intl.Locale(locale) as LocaleWithWeek;
  return (intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo)?.firstDay ?? 1;
}

/**
 * The weeks that show `month`, each of seven days starting on `firstDay`; days of the months
 * around it are `null`, so the grid shows only the month's own.
 */
export function monthWeeks(month: string, firstDay: Weekday): Array<Array<string | null>> {
  const first = `${month}-01`;
  const lead = (weekdayOf(first) - firstDay + 7) % 7;
  const weeks: Array<Array<string | null>> = [];
  let day = addDays(first, -lead);
  while (weeks.length === 0 || monthOfDay(day) === month) {
    const week: Array<string | null> = [];
    for (let index = 0; index < 7; index += 1) {
      week.push(monthOfDay(day) === month ? day : null);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The first and last day of the week that holds `day`. */
export function weekBounds(day: string, firstDay: Weekday): { start: string; end: string } {
  const start = addDays(day, -((weekdayOf(day) - firstDay + 7) % 7));
  return { start, end: addDays(start, 6) };
}
