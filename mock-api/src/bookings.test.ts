import { CLAIM_WINDOW_DAYS } from '@loyalty/shared/validation';
import { addDays } from './clock';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { TEST_NOW, startTestApi, type TestApi } from './testing/test-api';

let api: TestApi;
let demo: string;
beforeAll(async () => {
  api = await startTestApi();
  demo = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
});
afterAll(() => api.close());
afterEach(async () => {
  await api.call('POST', '/api/dev/clock', { body: { now: TEST_NOW } });
});

const today = TEST_NOW.slice(0, 10);
interface Listed {
  bookingId: string;
  property: string;
  startDate: string;
  endDate: string;
  status: string;
  pointsMissingUntil: string | null;
}
const bookingsOf = async (token: string) => {
  const reply = await api.call<{ data: Listed[] }>('GET', '/api/user/bookings', { token });
  expect(reply.status).toBe(200);
  return reply.body.data;
};
const byId = (list: Listed[], id: string) => list.find((booking) => booking.bookingId === id);
const claim = (token: string, bookingId: string, bookingDate: string) =>
  api.call('POST', '/api/user/points/claim', { token, body: { bookingId, bookingDate } });

let members = 0;
async function memberWithStay(fields: { startDate: string; endDate: string; cancelled?: boolean }) {
  const email = `stays${members++}@example.com`;
  const token = await api.registerMember(email);
  const made = await api.call('POST', '/api/dev/bookings', {
    body: { ...fields, memberEmail: email, property: 'Test Hotel, Porto' },
  });
  expect(made.status).toBe(201);
  return { token, bookingId: made.body.data.bookingId as string };
}

describe('the demo member', () => {
  test('lists their stays by check-in day, each in its status on the business clock', async () => {
    const list = await bookingsOf(demo);
    expect(list.map((booking) => booking.startDate)).toEqual([...list.map((booking) => booking.startDate)].sort());
    expect(byId(list, 'BK-0004')).toMatchObject({
      property: 'Alpine Lodge, Zermatt',
      startDate: addDays(today, 21),
      status: 'upcoming',
      pointsMissingUntil: null,
    });
    // A stay under way is still upcoming; a claimed one of the past is stayed, with nothing missing.
    expect(byId(list, 'BK-0003')).toMatchObject({ status: 'upcoming', pointsMissingUntil: null });
    expect(byId(list, 'BK-0001')).toMatchObject({ status: 'stayed', pointsMissingUntil: null });
    expect(byId(list, 'BK-0008')).toMatchObject({ status: 'cancelled', pointsMissingUntil: null });
    // Unclaimed and past: missing inside the claim window, not once it has closed.
    expect(byId(list, 'BK-0006')).toMatchObject({
      status: 'stayed',
      pointsMissingUntil: addDays(addDays(today, -17), CLAIM_WINDOW_DAYS),
    });
    expect(byId(list, 'BK-0007')).toMatchObject({ status: 'stayed', pointsMissingUntil: null });
    // The programme's bookings no member made are in no one's list.
    expect(byId(list, 'BK-1001')).toBeUndefined();
  });

  test('asks for a session', async () => {
    expect((await api.call('GET', '/api/user/bookings')).status).toBe(401);
  });
});

describe('another member', () => {
  test("sees none of the demo member's bookings, whatever the request names", async () => {
    const { token, bookingId } = await memberWithStay({ startDate: '2026-02-10', endDate: '2026-02-12' });
    for (const route of ['/api/user/bookings', `/api/user/bookings?memberId=mbr-demo-0001&email=${DEMO_EMAIL}`]) {
      const reply = await api.call<{ data: Listed[] }>('GET', route, { token });
      expect(reply.body.data.map((booking) => booking.bookingId)).toEqual([bookingId]);
    }
    expect(byId(await bookingsOf(demo), bookingId)).toBeUndefined();
  });

  test("cannot claim a member's booking: answered as a made-up id, and the owner still can", async () => {
    const { token, bookingId } = await memberWithStay({ startDate: '2026-01-02', endDate: '2026-01-05' });
    const stranger = await claim(demo, bookingId, '2026-01-02');
    const madeUp = await claim(demo, 'BK-0000', '2026-01-02');
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual(madeUp.body);
    expect(byId(await bookingsOf(token), bookingId)?.pointsMissingUntil).toBe(addDays('2026-01-05', CLAIM_WINDOW_DAYS));
    expect((await claim(token, bookingId, '2026-01-02')).status).toBe(201);
    expect(byId(await bookingsOf(token), bookingId)).toMatchObject({ status: 'stayed', pointsMissingUntil: null });
  });
});

describe('the clock', () => {
  test('a stay turns from upcoming to stayed after check-out, missing until the window closes', async () => {
    const { token, bookingId } = await memberWithStay({ startDate: '2026-01-20', endDate: '2026-01-22' });
    expect(byId(await bookingsOf(token), bookingId)).toMatchObject({ status: 'upcoming', pointsMissingUntil: null });
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-01-22T12:00:00Z' } });
    expect(byId(await bookingsOf(token), bookingId)?.status).toBe('upcoming');
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-01-23T12:00:00Z' } });
    const lastDay = addDays('2026-01-22', CLAIM_WINDOW_DAYS);
    expect(byId(await bookingsOf(token), bookingId)).toMatchObject({ status: 'stayed', pointsMissingUntil: lastDay });
    await api.call('POST', '/api/dev/clock', { body: { now: `${lastDay}T23:00:00Z` } });
    expect(byId(await bookingsOf(token), bookingId)?.pointsMissingUntil).toBe(lastDay);
    await api.call('POST', '/api/dev/clock', { body: { now: `${addDays(lastDay, 1)}T00:00:00Z` } });
    expect(byId(await bookingsOf(token), bookingId)?.pointsMissingUntil).toBeNull();
  });

  test('a cancelled booking earns nothing: never missing, and not claimable', async () => {
    const { token, bookingId } = await memberWithStay({
      startDate: '2026-01-02',
      endDate: '2026-01-04',
      cancelled: true,
    });
    expect(byId(await bookingsOf(token), bookingId)).toMatchObject({ status: 'cancelled', pointsMissingUntil: null });
    expect((await claim(token, bookingId, '2026-01-02')).status).toBe(404);
  });
});

test('the dev route refuses an unknown member with a 422 that names the field', async () => {
  const reply = await api.call('POST', '/api/dev/bookings', {
    body: { startDate: '2026-02-01', endDate: '2026-02-02', memberEmail: 'nobody@example.com' },
  });
  expect(reply.status).toBe(422);
  expect(reply.body.errors).toHaveProperty('memberEmail');
});
