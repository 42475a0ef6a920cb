import type { MockApi } from '../support/mock-api';
import type { TestMember } from '../support/fixtures';

let sequence = 0;

/**
 * A booking of the test's own (the seeded BK-100x ones can be claimed once per run only); with
 * `owner`, one that member made at that hotel, in their bookings (docs/product/bookings.md).
 */
export async function createBooking(
  api: MockApi,
  dates: { startDate: string; endDate: string },
  points = 600,
  owner?: { member: TestMember; property: string },
): Promise<{ bookingId: string; startDate: string; endDate: string; points: number }> {
  sequence += 1;
  const bookingId = `PT-${Date.now().toString(36)}-${process.pid}-${sequence}`.toUpperCase();
  const made = owner ? { memberEmail: owner.member.email, property: owner.property } : {};
  const { data } = await api.post<{ data: { bookingId: string; startDate: string; endDate: string; points: number } }>(
    '/api/dev/bookings',
    { bookingId, ...dates, points, ...made },
  );
  return data;
}

/** `days` after today (UTC; negative: before), `YYYY-MM-DD`. */
export function dayFromToday(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * A booking that has ended, so its points are available as soon as they are claimed, and ended
 * recently enough to be inside the claim window (docs/product/points.md): a month ago, on the real
 * clock the e2e mock API runs on.
 */
export const ENDED = { startDate: dayFromToday(-33), endDate: dayFromToday(-30) };

/** Claims through the API, for tests whose subject is not the claim itself. */
export async function claimByApi(api: MockApi, member: TestMember, bookingId: string, bookingDate: string) {
  await api.post('/api/user/points/claim', { bookingId, bookingDate }, member.token);
}

/**
 * Gives the member `points` available at once: a booking that ended long ago, claimed through the
 * API. For tests whose subject is what a member does with points, not how they got them.
 */
export async function givePoints(api: MockApi, member: TestMember, points: number) {
  const booking = await createBooking(api, ENDED, points);
  await claimByApi(api, member, booking.bookingId, booking.startDate);
  return booking;
}

export { openSignedIn } from '../support/session';
