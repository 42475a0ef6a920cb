import type { BookingStatus, MemberBooking } from '@loyalty/shared/api';
import { CLAIM_WINDOW_DAYS } from '@loyalty/shared/validation';
import { addDays } from '../clock';
import type { BookingRecord, Database } from '../store/schema';

/** A booking's property when it was made without one (a programme booking of old). */
export const UNNAMED_PROPERTY = 'Loyalty Hotels';

/** docs/product/bookings.md: upcoming until check-out has passed, unless cancelled. */
export function bookingStatusOf(booking: BookingRecord, today: string): BookingStatus {
  if (booking.cancelledAt) return 'cancelled';
  return booking.endDate < today ? 'stayed' : 'upcoming';
}

/** The last day a booking can be claimed (docs/product/points.md, the claim window). */
export function lastClaimDayOf(booking: Pick<BookingRecord, 'endDate'>): string {
  return addDays(booking.endDate, CLAIM_WINDOW_DAYS);
}

/**
 * A past stay's points are missing while no one has claimed them and the claim window is open:
 * only then can the claim form still add them, so only then does the portal say so.
 */
export function pointsMissingUntil(booking: BookingRecord, today: string): string | null {
  if (bookingStatusOf(booking, today) !== 'stayed' || booking.claimedBy !== null) return null;
  const lastDay = lastClaimDayOf(booking);
  return today <= lastDay ? lastDay : null;
}

export function presentMemberBooking(booking: BookingRecord, today: string): MemberBooking {
  return {
    bookingId: booking.id,
    property: booking.property ?? UNNAMED_PROPERTY,
    startDate: booking.startDate,
    endDate: booking.endDate,
    points: booking.points,
    status: bookingStatusOf(booking, today),
    pointsMissingUntil: pointsMissingUntil(booking, today),
  };
}

/** The bookings made by `memberId`, by check-in day: never another member's. */
export function bookingsOf(data: Pick<Database, 'bookings'>, memberId: string, today: string): MemberBooking[] {
  return data.bookings
    .filter((booking) => booking.memberId === memberId)
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))
    .map((booking) => presentMemberBooking(booking, today));
}
