import * as v from 'valibot';
import { bookingDateSchema, bookingIdSchema, emailSchema, isCalendarDate } from '@loyalty/shared/validation';

/** Development-only routes of the mock API (not mounted in production). */
export const OutboxMessageSchema = v.object({
  to: v.string(),
  subject: v.string(),
  code: v.optional(v.string()),
  body: v.string(),
  sentAt: v.string(),
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessageSchema>;

export const OutboxResponseSchema = v.object({ data: v.array(OutboxMessageSchema) });

export const BookingSchema = v.object({
  bookingId: v.string(),
  startDate: v.string(),
  endDate: v.string(),
  points: v.number(),
  amount: v.number(),
  claimed: v.boolean(),
});
export type Booking = v.InferOutput<typeof BookingSchema>;

export const CreateBookingRequestSchema = v.pipe(
  v.object({
    bookingId: v.optional(bookingIdSchema),
    startDate: bookingDateSchema,
    endDate: v.pipe(
      v.string('validation.booking_date_required'),
      v.check(isCalendarDate, 'validation.booking_date_invalid'),
    ),
    points: v.optional(
      v.pipe(
        v.number('validation.points_integer'),
        v.integer('validation.points_integer'),
        v.minValue(1, 'validation.points_min'),
        v.maxValue(1_000_000, 'validation.points_max'),
      ),
    ),
    amount: v.optional(
      v.pipe(
        v.number('validation.value_invalid'),
        v.minValue(0, 'validation.value_invalid'),
        v.maxValue(1e9, 'validation.value_invalid'),
      ),
    ),
    /** The member who made it (docs/product/bookings.md); none: a programme booking anyone may claim. */
    memberEmail: v.optional(emailSchema),
    property: v.optional(
      v.pipe(
        v.string('validation.value_invalid'),
        v.trim(),
        v.minLength(1, 'validation.value_invalid'),
        v.maxLength(120, 'validation.value_invalid'),
      ),
    ),
    cancelled: v.optional(v.boolean('validation.value_invalid')),
  }),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      (input) => input.endDate >= input.startDate,
      'validation.booking_date_invalid',
    ),
    ['endDate'],
  ),
);
export type CreateBookingRequest = v.InferInput<typeof CreateBookingRequestSchema>;

const ISO_DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** `now` is an ISO date or date-time; null returns the clock to real time. */
export const SetClockRequestSchema = v.object({
  now: v.nullable(
    v.pipe(
      v.string('validation.value_invalid'),
      v.regex(ISO_DATE_OR_TIME, 'validation.value_invalid'),
      v.check((value) => !Number.isNaN(Date.parse(value)), 'validation.value_invalid'),
    ),
  ),
});

export const ClockResponseSchema = v.object({ data: v.object({ now: v.string(), fixed: v.boolean() }) });
