import { Router } from 'express';
import * as v from 'valibot';
import { CreateBookingRequestSchema, POINTS_PER_NIGHT, SetClockRequestSchema } from '@loyalty/shared/api';
import { emailSchema } from '@loyalty/shared/validation';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validate';
import type { BookingRecord } from '../store/schema';

/** Amount of a booking when none is given: 120 a night. */
export const AMOUNT_PER_NIGHT = 120;

export function nightsBetween(startDate: string, endDate: string): number {
  return Math.max(1, Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000));
}

function presentBooking(booking: BookingRecord) {
  return {
    bookingId: booking.id,
    startDate: booking.startDate,
    endDate: booking.endDate,
    points: booking.points,
    amount: booking.amount,
    claimed: booking.claimedBy !== null,
  };
}

/** Helpers for developers and tests. Never mounted when NODE_ENV=production. */
export function devRoutes(context: AppContext): Router {
  const { store, clock, outbox } = context;
  const router = Router();

  router.get('/outbox', (request, response) => {
    const { email } = parseInput(v.object({ email: emailSchema }), request.query);
    response.json({ data: outbox.read(email) });
  });

  router.post('/bookings', (request, response) => {
    const input = parseInput(CreateBookingRequestSchema, request.body);
    const booking = store.transact((data) => {
      let id = input.bookingId;
      if (id === undefined) {
        let next = data.bookings.length + 1;
        do id = `BK-${9000 + next++}`;
        while (data.bookings.some((candidate) => candidate.id === id));
      } else if (data.bookings.some((candidate) => candidate.id === id)) {
        throw new HttpError(409, `Booking ${id} already exists`, { bookingId: 'Booking id already exists' });
      }
      let memberId: string | undefined;
      if (input.memberEmail !== undefined) {
        memberId = data.members.find((member) => member.email === input.memberEmail)?.id;
        if (memberId === undefined)
          throw new HttpError(422, 'No member has this address', { memberEmail: 'No member has this address' });
      }
      const nights = nightsBetween(input.startDate, input.endDate);
      const record: BookingRecord = {
        id,
        startDate: input.startDate,
        endDate: input.endDate,
        points: input.points ?? nights * POINTS_PER_NIGHT,
        amount: input.amount ?? nights * AMOUNT_PER_NIGHT,
        claimedBy: null,
        claimedAt: null,
        ...(memberId !== undefined ? { memberId } : {}),
        ...(input.property !== undefined ? { property: input.property } : {}),
        ...(input.cancelled ? { cancelledAt: clock.now().toISOString() } : {}),
      };
      data.bookings.push(record);
      return record;
    });
    response.status(201).json({ data: presentBooking(booking) });
  });

  router.get('/bookings', (_request, response) => {
    response.json({ data: store.data.bookings.map(presentBooking) });
  });

  router.get('/clock', (_request, response) => {
    response.json({ data: { now: clock.now().toISOString(), fixed: clock.fixed } });
  });

  router.post('/clock', (request, response) => {
    const { now } = parseInput(SetClockRequestSchema, request.body);
    clock.set(now);
    response.json({ data: { now: clock.now().toISOString(), fixed: clock.fixed } });
  });

  return router;
}
