import * as v from 'valibot';
import { withoutBidiControls } from './bidi';

/** Booking ids are short references such as `BK-1001`. */
export const BOOKING_ID_MAX_LENGTH = 40;

export const bookingIdSchema = v.pipe(
  v.string('validation.booking_id_required'),
  v.transform(withoutBidiControls),
  v.trim(),
  v.nonEmpty('validation.booking_id_required'),
  v.regex(new RegExp(`^[A-Za-z0-9-]{1,${BOOKING_ID_MAX_LENGTH}}$`), 'validation.booking_id_invalid'),
  v.toUpperCase(),
);

/**
 * How many days after its check-out a stay can still be claimed (docs/product/points.md, "The claim
 * window"): a stay is claimable up to and including its end date plus this many days, as Hilton and
 * Marriott allow.
 */
export const CLAIM_WINDOW_DAYS = 180;

/** True for a real calendar day written `YYYY-MM-DD` (rejects 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day, `YYYY-MM-DD`. */
export const bookingDateSchema = v.pipe(
  v.string('validation.booking_date_required'),
  v.trim(),
  v.nonEmpty('validation.booking_date_required'),
  v.check(isCalendarDate, 'validation.booking_date_invalid'),
);
