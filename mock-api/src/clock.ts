/**
 * The mock API's notion of "now" for business dates (bookings, pending points, code expiry).
 * Fixed at `MOCK_NOW` when set, so tests can move time; `set(null)` returns to real time.
 */
export interface Clock {
  now(): Date;
  /** Today as `YYYY-MM-DD` (UTC). */
  today(): string;
  set(now: string | null): void;
  readonly fixed: boolean;
}

export function createClock(initial?: string): Clock {
  let fixed: number | null = initial ? parseInstant(initial) : null;
  return {
    now: () => new Date(fixed ?? Date.now()),
    today() {
      return this.now().toISOString().slice(0, 10);
    },
    set(now) {
      fixed = now === null ? null : parseInstant(now);
    },
    get fixed() {
      return fixed !== null;
    },
  };
}

function parseInstant(value: string): number {
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) throw new Error(`Not a date: ${value}`);
  return instant;
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The same day `months` on, or that month's last day when it has fewer days (29 Feb + 12 → 28 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay))).toISOString().slice(0, 10);
}
