import * as v from 'valibot';

/**
 * docs/product/bookings.md. `upcoming`: check-out is today or later (a stay under way included);
 * `stayed`: check-out has passed; `cancelled`: cancelled before the stay. Read on the API's
 * business clock.
 */
export const BOOKING_STATUSES = ['upcoming', 'stayed', 'cancelled'] as const;
export const BookingStatusSchema = v.picklist(BOOKING_STATUSES);
export type BookingStatus = v.InferOutput<typeof BookingStatusSchema>;

/** One of the member's own bookings (`GET /api/user/bookings`). */
export const MemberBookingSchema = v.object({
  bookingId: v.string(),
  /** The hotel, as it names itself: a proper name, not translated. */
  property: v.string(),
  /** Check-in and check-out days (`YYYY-MM-DD`); the claim form asks for the check-in day. */
  startDate: v.string(),
  endDate: v.string(),
  /** The points the stay earns once claimed. */
  points: v.number(),
  status: BookingStatusSchema,
  /**
   * A stay whose points are on no ledger while it can still be claimed: its last day to claim
   * (`YYYY-MM-DD`, check-out plus the claim window). Null otherwise.
   */
  pointsMissingUntil: v.nullable(v.string()),
});
export type MemberBooking = v.InferOutput<typeof MemberBookingSchema>;

export const MemberBookingsResponseSchema = v.object({ data: v.array(MemberBookingSchema) });
