import type { MemberBooking } from '@loyalty/shared/api';
import { paths } from '@loyalty/shared/router';
import { bookingIdSchema, isCalendarDate, v } from '@loyalty/shared/validation';

/** The claim form's query parameters: a link fills the form with them (docs/product/bookings.md). */
const PARAMS = { bookingId: 'bookingId', bookingDate: 'bookingDate' } as const;

/** The claim form filled with a booking's id and check-in day, which the member can still change. */
export function claimPathFor(booking: Pick<MemberBooking, 'bookingId' | 'startDate'>): string {
  const query = new URLSearchParams({ [PARAMS.bookingId]: booking.bookingId, [PARAMS.bookingDate]: booking.startDate });
  return `${paths.dashboard.claim}?${query.toString()}`;
}

/**
 * What a link to the claim form fills it with: each value only if the form would accept it, so a
 * made-up address never puts an error in front of the member before they have typed anything.
 */
export function claimPrefill(search: URLSearchParams): { bookingId: string; bookingDate: string } {
  const bookingId = v.safeParse(bookingIdSchema, search.get(PARAMS.bookingId) ?? '');
  const bookingDate = search.get(PARAMS.bookingDate) ?? '';
  return {
    bookingId: bookingId.success ? bookingId.output : '',
    bookingDate: isCalendarDate(bookingDate) ? bookingDate : '',
  };
}
