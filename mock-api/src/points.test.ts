import { CLAIM_WINDOW_DAYS } from '@loyalty/shared/validation';
import { CLAIM_ACCEPTED, CLAIM_INVALID, CLAIM_REPEATED, CLAIM_WINDOW_CLOSED } from './routes/points';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { memberWith } from './testing/members';
import { useTestApi } from './testing/test-api';

const api = useTestApi();
let demo: string;
beforeAll(async () => {
  demo = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
});

const balance = async (token: string) => (await api.call('GET', '/api/user/points/balance', { token })).body.data;

test('the seeded demo member holds every transaction type and sits mid-way between tiers', async () => {
  // Its last activity is the day its pending points become available: all it holds expires 24 months on.
  expect(await balance(demo)).toEqual({
    pointBalance: 650,
    pointsPending: 700,
    totalClaimed: 1600,
    nextExpiry: { points: 1350, date: '2028-01-21', soon: false },
  });
  const list = await api.call('GET', '/api/user/transactions/all?pageSize=100', { token: demo });
  expect(new Set(list.body.data.map((transaction: { type: string }) => transaction.type))).toEqual(
    new Set(['credit', 'credit_pending', 'debit']),
  );
  const tiers = await api.call('GET', '/api/auth/fetch-tiers', { token: demo });
  expect(tiers.body.data).toMatchObject({
    current: { name: 'Silver' },
    next: { name: 'Gold' },
    progress: { value: 1600, target: 3000, state: 'keep_going' },
  });
});

test('a new member starts at get_started with nothing', async () => {
  const token = await api.registerMember('fresh@example.com');
  expect(await balance(token)).toEqual({ pointBalance: 0, pointsPending: 0, totalClaimed: 0, nextExpiry: null });
  const tiers = await api.call('GET', '/api/auth/fetch-tiers', { token });
  expect(tiers.body.data.progress.state).toBe('get_started');
});

describe('claims', () => {
  test('the three outcomes: accepted, invalid, already claimed', async () => {
    const token = await api.registerMember('claimer@example.com');
    const accepted = await api.call('POST', '/api/user/points/claim', {
      token,
      body: { bookingId: 'BK-1002', bookingDate: '2025-09-12' },
    });
    expect(accepted).toMatchObject({
      status: 201,
      body: { message: CLAIM_ACCEPTED, data: { bookingId: 'BK-1002', points: 300, type: 'credit' } },
    });
    const unknown = await api.call('POST', '/api/user/points/claim', {
      token,
      body: { bookingId: 'BK-0000', bookingDate: '2025-03-01' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: CLAIM_INVALID } });
    const wrongDate = await api.call('POST', '/api/user/points/claim', {
      token,
      body: { bookingId: 'BK-1003', bookingDate: '2030-06-02' },
    });
    expect(wrongDate).toMatchObject({ status: 404, body: { message: CLAIM_INVALID } });
    const repeated = await api.call('POST', '/api/user/points/claim', {
      token: demo,
      body: { bookingId: 'bk-1002', bookingDate: '2025-09-12' },
    });
    expect(repeated).toMatchObject({ status: 409, body: { message: CLAIM_REPEATED } });
  });

  test('points of a booking that has not ended are pending, then available once its end date passed', async () => {
    const token = await api.registerMember('traveller@example.com');
    const created = await api.call('POST', '/api/dev/bookings', {
      body: { startDate: '2026-01-14', endDate: '2026-01-18' },
    });
    expect(created).toMatchObject({ status: 201, body: { data: { points: 400, claimed: false } } });
    const { bookingId } = created.body.data;
    const claim = await api.call('POST', '/api/user/points/claim', {
      token,
      body: { bookingId, bookingDate: '2026-01-14' },
    });
    expect(claim.body.data).toMatchObject({ type: 'credit_pending', availableOn: '2026-01-19' });
    expect(await balance(token)).toEqual({
      pointBalance: 0,
      pointsPending: 400,
      totalClaimed: 400,
      nextExpiry: { points: 400, date: '2028-01-19', soon: false },
    });
    const pending = await api.call('GET', '/api/user/points/pending', { token });
    expect(pending.body.data).toEqual([
      { transactionNumber: claim.body.data.transactionNumber, bookingId, points: 400, availableOn: '2026-01-19' },
    ]);

    // On the end date itself the points are still pending.
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-01-18T23:59:00Z' } });
    expect((await balance(token)).pointsPending).toBe(400);
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-01-19T00:00:00Z' } });
    expect(await balance(token)).toEqual({
      pointBalance: 400,
      pointsPending: 0,
      totalClaimed: 400,
      nextExpiry: { points: 400, date: '2028-01-19', soon: false },
    });
    const list = await api.call('GET', '/api/user/transactions/all', { token });
    expect(list.body.data[0].type).toBe('credit');
  });
});

describe('the claim window', () => {
  const claim = (token: string, bookingId: string, bookingDate: string) =>
    api.call('POST', '/api/user/points/claim', { token, body: { bookingId, bookingDate } });
  const stayEnding = async (endDate: string) =>
    (await api.call('POST', '/api/dev/bookings', { body: { startDate: '2025-11-28', endDate } })).body.data
      .bookingId as string;

  test(`a stay is claimable up to ${CLAIM_WINDOW_DAYS} days after check-out, that day included`, async () => {
    const token = await api.registerMember('window@example.com');
    // Well inside: 45 days after check-out on the tests' clock.
    expect((await claim(token, await stayEnding('2025-12-01'), '2025-11-28')).status).toBe(201);
    // The last day: check-out 2025-12-01 + 180 days = 2026-05-30, to its last minute.
    const lastDay = await stayEnding('2025-12-01');
    const tooLate = await stayEnding('2025-12-01');
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-05-30T23:59:00Z' } });
    expect(await claim(token, lastDay, '2025-11-28')).toMatchObject({ status: 201, body: { message: CLAIM_ACCEPTED } });
    // One day past it: refused with words of its own, and nothing is written.
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-05-31T00:00:00Z' } });
    expect(await claim(token, tooLate, '2025-11-28')).toMatchObject({
      status: 422,
      body: { message: CLAIM_WINDOW_CLOSED },
    });
    expect(await balance(token)).toMatchObject({ totalClaimed: 600 });
    // The refused stay stays unclaimed: it is still refused for the window, not as claimed.
    expect((await claim(token, tooLate, '2025-11-28')).body.message).toBe(CLAIM_WINDOW_CLOSED);
  });

  test('a seeded stay long past its window is refused; bad input is still a 4xx of its own', async () => {
    const token = await api.registerMember('late@example.com');
    expect(await claim(token, 'BK-1001', '2025-03-01')).toMatchObject({
      status: 422,
      body: { message: CLAIM_WINDOW_CLOSED },
    });
    expect(CLAIM_WINDOW_CLOSED).toContain(String(CLAIM_WINDOW_DAYS));
    // A wrong date says the booking is unknown, not whether it is in its window.
    expect((await claim(token, 'BK-1001', '2025-03-02')).status).toBe(404);
    for (const bookingDate of ['2025-02-30', 'yesterday', '']) {
      const reply = await claim(token, 'BK-1001', bookingDate);
      expect(reply.status).toBe(422);
      expect(reply.body.message).not.toBe(CLAIM_WINDOW_CLOSED);
    }
  });
});

describe('redemption', () => {
  test('takes whole points between 1 and the available balance and adds a debit', async () => {
    const token = await memberWith(api, 'spender@example.com', 300);
    expect((await balance(token)).pointBalance).toBe(300);

    for (const points of [0, -5, 1.5, '10', null]) {
      const reply = await api.call('POST', '/api/user/points/redeem', { token, body: { points } });
      expect(reply.status).toBe(422);
      expect(reply.body.errors.points).toEqual(expect.any(String));
    }
    const tooMany = await api.call('POST', '/api/user/points/redeem', { token, body: { points: 301 } });
    expect(tooMany).toMatchObject({ status: 422 });
    expect(tooMany.body.message).toContain('300');

    const some = await api.call('POST', '/api/user/points/redeem', {
      token,
      body: { points: 120, description: 'Lounge pass' },
    });
    expect(some).toMatchObject({
      status: 200,
      body: { data: { transaction: { type: 'debit', points: 120 }, balance: { pointBalance: 180 } } },
    });
    const rest = await api.call('POST', '/api/user/points/redeem', { token, body: { points: 180 } });
    expect(rest.body.data.balance).toEqual({ pointBalance: 0, pointsPending: 0, totalClaimed: 300, nextExpiry: null });
    expect((await api.call('POST', '/api/user/points/redeem', { token, body: { points: 1 } })).status).toBe(422);
  });

  test('pending points cannot be redeemed', async () => {
    const pending = await api.call('POST', '/api/user/points/redeem', { token: demo, body: { points: 651 } });
    expect(pending.status).toBe(422);
  });
});

describe('transactions list', () => {
  test('filters by type, dates and text, pages and sorts', async () => {
    const all = await api.call('GET', '/api/user/transactions/all?pageSize=100&sort=date_asc', { token: demo });
    const dates = all.body.data.map((transaction: { date: string }) => transaction.date);
    expect(dates).toEqual([...dates].sort());
    const debits = await api.call('GET', '/api/user/transactions/all?type=debit', { token: demo });
    expect(debits.body.data.every((transaction: { type: string }) => transaction.type === 'debit')).toBe(true);
    const byBooking = await api.call('GET', '/api/user/transactions/all?q=bk-0002', { token: demo });
    expect(byBooking.body).toMatchObject({ total: 1, data: [{ bookingId: 'BK-0002' }] });
    const page = await api.call('GET', '/api/user/transactions/all?page=2&pageSize=2', { token: demo });
    expect(page.body).toMatchObject({ page: 2, pageSize: 2, total: all.body.total });
    expect(page.body.data).toHaveLength(Math.min(2, all.body.total - 2));
    const none = await api.call('GET', '/api/user/transactions/all?from=2099-01-01', { token: demo });
    expect(none.body).toMatchObject({ data: [], total: 0 });
    const bad = await api.call('GET', '/api/user/transactions/all?pageSize=1000&type=gift&from=2025-02-30', {
      token: demo,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'pageSize', 'type']);
  });
});
