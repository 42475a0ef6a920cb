import type { TestApi } from './test-api';

/**
 * A member of the test's own holding `points` available points: registered through the real flow,
 * then a booking of the test's own (ended before the tests' clock) claimed.
 */
export async function memberWith(api: TestApi, email: string, points: number): Promise<string> {
  const token = await api.registerMember(email);
  const booking = await api.call('POST', '/api/dev/bookings', {
    body: { startDate: '2025-10-01', endDate: '2025-10-02', points },
  });
  const claimed = await api.call('POST', '/api/user/points/claim', {
    token,
    body: { bookingId: booking.body.data.bookingId, bookingDate: '2025-10-01' },
  });
  if (claimed.status !== 201) throw new Error(`Claim failed: ${JSON.stringify(claimed.body)}`);
  return token;
}
