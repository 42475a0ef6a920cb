import { CLAIM_REPEATED } from './routes/points';
import { CHANGED_MEANWHILE } from './routes/auth';
import { startTestApi, type TestApi } from './testing/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

test('100 simultaneous claims of one booking give exactly one success', async () => {
  const tokens = await Promise.all(
    Array.from({ length: 4 }, (_, index) => api.registerMember(`racer${index}@example.com`)),
  );
  const created = await api.call('POST', '/api/dev/bookings', {
    body: { startDate: '2025-12-01', endDate: '2025-12-03' },
  });
  const { bookingId } = created.body.data;
  const replies = await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      api.call('POST', '/api/user/points/claim', {
        token: tokens[index % tokens.length],
        body: { bookingId, bookingDate: '2025-12-01' },
      }),
    ),
  );
  const statuses = replies.map((reply) => reply.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(99);
  expect(replies.filter((reply) => reply.status === 409).every((reply) => reply.body.message === CLAIM_REPEATED)).toBe(
    true,
  );
  const credited = api.store.data.transactions.filter((transaction) => transaction.bookingId === bookingId);
  expect(credited).toHaveLength(1);
});

test('simultaneous redemptions never take the balance below zero', async () => {
  const token = await api.registerMember('hasty@example.com');
  const created = await api.call('POST', '/api/dev/bookings', {
    body: { startDate: '2025-11-01', endDate: '2025-11-02', points: 1000 },
  });
  await api.call('POST', '/api/user/points/claim', {
    token,
    body: { bookingId: created.body.data.bookingId, bookingDate: '2025-11-01' },
  });
  // 60 × 70 points asked against 1000 available: at most 14 can succeed.
  const replies = await Promise.all(
    Array.from({ length: 60 }, () => api.call('POST', '/api/user/points/redeem', { token, body: { points: 70 } })),
  );
  const succeeded = replies.filter((reply) => reply.status === 200).length;
  expect(succeeded).toBe(14);
  expect(replies.every((reply) => reply.status === 200 || reply.status === 422)).toBe(true);
  const balance = await api.call('GET', '/api/user/points/balance', { token });
  expect(balance.body.data.pointBalance).toBe(1000 - 14 * 70);
  expect(balance.body.data.pointBalance).toBeGreaterThanOrEqual(0);
});

test('of ten simultaneous password changes from one session exactly one wins, and its token works', async () => {
  const email = 'racing.changer@example.com';
  const token = await api.registerMember(email, 'Before@123');
  const replies = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      api.call('POST', '/api/auth/change-password', {
        token,
        body: { oldPassword: 'Before@123', newPassword: `After@12${index}`, confirmPassword: `After@12${index}` },
      }),
    ),
  );
  const winners = replies.flatMap((reply, index) => (reply.status === 200 ? [{ reply, index }] : []));
  expect(winners).toHaveLength(1);
  const losers = replies.filter((reply) => reply.status !== 200);
  expect(losers.every((reply) => reply.status === 409 && reply.body.message === CHANGED_MEANWHILE)).toBe(true);
  // Every token the server handed out works, and so does the one password that won.
  for (const { reply } of winners) {
    expect((await api.call('GET', '/api/auth/me', { token: reply.body.token })).status).toBe(200);
  }
  await expect(api.login(email, `After@12${winners[0]!.index}`)).resolves.toEqual(expect.any(String));
  expect((await api.call('GET', '/api/auth/me', { token })).status).toBe(401);
});
