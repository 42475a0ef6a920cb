import type { Transaction } from '@loyalty/shared/api';
import { memberWith } from './testing/members';
import { useTestApi } from './testing/test-api';

// docs/product/expiry.md: 24 months without activity, and the whole balance expires as a ledger line.
const api = useTestApi();

const setClock = (now: string) => api.call('POST', '/api/dev/clock', { body: { now } });
const balance = async (token: string) => (await api.call('GET', '/api/user/points/balance', { token })).body.data;
const expiryLines = async (token: string): Promise<Transaction[]> => {
  const list = await api.call('GET', '/api/user/transactions/all?pageSize=100', { token });
  return list.body.data.filter((line: Transaction) => line.expiry !== undefined);
};

// memberWith claims on the tests' day, 2026-01-15, a stay that ended before it: that is the last activity.
const LAST_ACTIVITY = '2026-01-15';
const EXPIRY_DAY = '2028-01-15';

test('the balance names the next expiry: every point held, 24 months after the last activity', async () => {
  const token = await memberWith(api, 'expiry-next@example.com', 300);
  expect(await balance(token)).toEqual({
    pointBalance: 300,
    pointsPending: 0,
    totalClaimed: 300,
    nextExpiry: { points: 300, date: EXPIRY_DAY, soon: false },
  });
  const empty = await api.registerMember('expiry-empty@example.com');
  expect((await balance(empty)).nextExpiry).toBeNull();
});

test('the expiry is soon from 90 days before its day, on the business clock', async () => {
  const token = await memberWith(api, 'expiry-soon@example.com', 300);
  await setClock('2027-10-16T23:00:00.000Z');
  expect((await balance(token)).nextExpiry).toMatchObject({ date: EXPIRY_DAY, soon: false });
  await setClock('2027-10-17T00:00:00.000Z');
  expect((await balance(token)).nextExpiry).toMatchObject({ date: EXPIRY_DAY, soon: true });
});

test('points expire on the day, as a debit line of the statement, never a silent change', async () => {
  const token = await memberWith(api, 'expiry-rule@example.com', 300);
  await setClock('2028-01-14T23:59:59.000Z');
  expect(await balance(token)).toMatchObject({ pointBalance: 300, nextExpiry: { points: 300, date: EXPIRY_DAY } });
  expect(await expiryLines(token)).toEqual([]);

  await setClock(`${EXPIRY_DAY}T00:00:00.000Z`);
  expect(await balance(token)).toEqual({ pointBalance: 0, pointsPending: 0, totalClaimed: 300, nextExpiry: null });
  const [line, ...others] = await expiryLines(token);
  expect(others).toEqual([]);
  expect(line).toMatchObject({
    type: 'debit',
    points: 300,
    date: `${EXPIRY_DAY}T00:00:00.000Z`,
    expiry: { lastActivity: LAST_ACTIVITY },
  });
  // The line is one of the member's own, found by its number like any other.
  const one = await api.call('GET', `/api/user/transactions/${line!.transactionNumber}`, { token });
  expect(one.body.data).toEqual(line);
  // Expired points cannot be spent.
  const redeem = await api.call('POST', '/api/user/points/redeem', { token, body: { points: 1 } });
  expect(redeem.status).toBe(422);
});

test('a redemption is activity: it keeps the whole balance alive for 24 months more', async () => {
  const token = await memberWith(api, 'expiry-kept@example.com', 300);
  await setClock('2027-06-01T09:00:00.000Z');
  const redeemed = await api.call('POST', '/api/user/points/redeem', { token, body: { points: 100 } });
  expect(redeemed.body.data.balance).toMatchObject({
    pointBalance: 200,
    nextExpiry: { points: 200, date: '2029-06-01' },
  });
  expect(await balance(token)).toMatchObject({ nextExpiry: { points: 200, date: '2029-06-01' } });

  await setClock('2029-05-31T12:00:00.000Z');
  expect(await balance(token)).toMatchObject({ pointBalance: 200 });
  await setClock('2029-06-01T12:00:00.000Z');
  expect(await balance(token)).toMatchObject({ pointBalance: 0, nextExpiry: null });
  expect((await expiryLines(token)).map((line) => line.points)).toEqual([200]);
});

test('an expiry the clock passed while nothing was read is still written, on its own day', async () => {
  const token = await memberWith(api, 'expiry-late@example.com', 300);
  await setClock('2028-03-01T12:00:00.000Z');
  // A claim writes without reading the balance; the gap before it still ended in an expiry.
  const booking = await api.call('POST', '/api/dev/bookings', {
    body: { startDate: '2028-02-01', endDate: '2028-02-03', points: 150 },
  });
  await api.call('POST', '/api/user/points/claim', {
    token,
    body: { bookingId: booking.body.data.bookingId, bookingDate: '2028-02-01' },
  });
  expect(await balance(token)).toMatchObject({ pointBalance: 150, nextExpiry: { points: 150, date: '2030-03-01' } });
  expect((await expiryLines(token)).map((line) => [line.date.slice(0, 10), line.points])).toEqual([[EXPIRY_DAY, 300]]);
});

test('idempotent: reads again and a race of requests write one expiry', async () => {
  const token = await memberWith(api, 'expiry-race@example.com', 300);
  await setClock('2028-06-01T12:00:00.000Z');
  const paths = ['/api/user/points/balance', '/api/user/transactions/all', '/api/user/points/pending'];
  const replies = await Promise.all(
    Array.from({ length: 12 }, (_, index) => api.call('GET', paths[index % paths.length]!, { token })),
  );
  expect(replies.map((reply) => reply.status)).toEqual(Array(12).fill(200));
  const racing = await Promise.all([
    api.call('POST', '/api/user/points/redeem', { token, body: { points: 1 } }),
    api.call('POST', '/api/user/points/redeem', { token, body: { points: 1 } }),
  ]);
  expect(racing.map((reply) => reply.status)).toEqual([422, 422]);
  expect((await expiryLines(token)).map((line) => line.points)).toEqual([300]);
  expect(await balance(token)).toMatchObject({ pointBalance: 0, totalClaimed: 300 });
});

test('bad input is refused with 422: an expiry is a debit, not a type of its own to filter', async () => {
  const token = await memberWith(api, 'expiry-input@example.com', 300);
  const reply = await api.call('GET', '/api/user/transactions/all?type=expiry', { token });
  expect(reply.status).toBe(422);
  expect(reply.body.message).toEqual(expect.any(String));
  const clock = await api.call('POST', '/api/dev/clock', { body: { now: 'not a date' } });
  expect(clock.status).toBe(422);
});
