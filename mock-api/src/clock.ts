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

export { addDays, addMonths } from '@loyalty/shared/dates';
