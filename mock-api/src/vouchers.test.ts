import { VOUCHER_CODE } from '@loyalty/shared/api';
import {
  VOUCHER_ALREADY_CANCELLED,
  VOUCHER_ALREADY_USED,
  VOUCHER_CODE_NOT_FOUND,
  VOUCHER_EXPIRED,
  VOUCHER_NOT_FOUND,
} from './routes/vouchers';
import { TEST_NOW, startTestApi, type TestApi } from './testing/test-api';
import { memberWith as memberWithPoints } from './testing/members';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(async () => {
  await api.call('POST', '/api/dev/clock', { body: { now: TEST_NOW } });
});

const texts = (en: string) => ({ en, fr: `${en} (fr)`, es: `${en} (es)`, de: `${en} (de)`, ar: `${en} (ar)` });

async function putReward(
  id: string,
  rule: { validityDays: number; cancellationDays: number },
  stock: number | null = 10,
) {
  const reply = await api.call('POST', '/api/dev/rewards', {
    body: {
      id,
      category: 'dining',
      icon: 'dining',
      cost: 100,
      stock,
      name: texts(`Reward ${id}`),
      description: texts('For tests'),
      usage: 'desk',
      ...rule,
    },
  });
  expect(reply.status).toBe(201);
}

let members = 0;
/** A member of the test's own with `points` available points. */
const memberWith = (points: number) => memberWithPoints(api, `voucher${members++}@example.com`, points);

async function redeem(token: string, rewardId: string) {
  const reply = await api.call('POST', `/api/rewards/${rewardId}/redeem`, { token, body: { cost: 100 } });
  expect(reply.status).toBe(200);
  return reply.body.data.voucher as { id: string; code: string; [field: string]: unknown };
}

const balanceOf = async (token: string) =>
  (await api.call('GET', '/api/user/points/balance', { token })).body.data.pointBalance as number;
const use = (code: string) => api.call('POST', '/api/dev/vouchers/use', { body: { code } });
const cancel = (token: string, id: string) => api.call('POST', `/api/user/vouchers/${id}/cancel`, { token, body: {} });

describe('issuing', () => {
  test('a redemption issues an active voucher with the catalogue rule, listed newest first', async () => {
    await putReward('rw-v-issue', { validityDays: 30, cancellationDays: 2 });
    const token = await memberWith(1000);
    const first = await redeem(token, 'rw-v-issue');
    expect(first).toMatchObject({
      rewardId: 'rw-v-issue',
      name: texts('Reward rw-v-issue'),
      usage: 'desk',
      points: 100,
      state: 'active',
      cancellable: true,
      issuedAt: TEST_NOW,
      // The day of redemption is the first of 30 valid days.
      validUntil: '2026-02-13',
      cancellableUntil: '2026-01-17T12:00:00.000Z',
    });
    expect(first.code).toMatch(VOUCHER_CODE);
    const second = await redeem(token, 'rw-v-issue');
    const list = await api.call('GET', '/api/user/vouchers', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((voucher: { id: string }) => voucher.id)).toEqual([second.id, first.id]);
  });

  test('codes are random and unique, not sequential', async () => {
    await putReward('rw-v-codes', { validityDays: 30, cancellationDays: 2 }, null);
    const token = await memberWith(3000);
    const codes: string[] = [];
    for (let index = 0; index < 20; index++) codes.push((await redeem(token, 'rw-v-codes')).code);
    expect(new Set(codes).size).toBe(codes.length);
    // Neighbours share no more characters in place than chance would give (1 in 32 each).
    const samePlace = codes
      .slice(1)
      .map(
        (code, index) =>
          [...code].filter((character, at) => character !== '-' && character === codes[index]![at]).length,
      );
    expect(Math.max(...samePlace)).toBeLessThan(6);
  });

  test('the seeded catalogue says how each reward is used, how long it is valid and cancellable', async () => {
    const token = await memberWith(10);
    const catalogue = await api.call('GET', '/api/rewards', { token });
    expect(catalogue.body.data.find((reward: { id: string }) => reward.id === 'rw-free-night')).toMatchObject({
      usage: 'booking',
      validityDays: 365,
      cancellationDays: 30,
    });
  });
  test("the demo member's seeded spa redemption has its voucher: active, no longer cancellable", async () => {
    const token = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
    const list = await api.call('GET', '/api/user/vouchers', { token });
    const statement = await api.call('GET', '/api/user/transactions/all', { token });
    const debit = statement.body.data.find((line: { type: string }) => line.type === 'debit');
    expect(list.body.data).toEqual([
      expect.objectContaining({
        rewardId: 'rw-spa-voucher',
        points: 250,
        state: 'active',
        cancellable: false,
        transactionNumber: debit.transactionNumber,
      }),
    ]);
    expect(list.body.data[0].code).toMatch(VOUCHER_CODE);
  });
});

describe('using, cancelling and expiring', () => {
  test('cancelling credits the points back as a statement line and gives the unit back', async () => {
    await putReward('rw-v-cancel', { validityDays: 30, cancellationDays: 2 }, 5);
    const token = await memberWith(500);
    const voucher = await redeem(token, 'rw-v-cancel');
    expect(await balanceOf(token)).toBe(400);
    const reply = await cancel(token, voucher.id);
    expect(reply.status).toBe(200);
    expect(reply.body.data.voucher).toMatchObject({ state: 'cancelled', cancellable: false });
    expect(reply.body.data.transaction).toMatchObject({ type: 'credit', points: 100 });
    expect(reply.body.data.voucher.refundTransactionNumber).toBe(reply.body.data.transaction.transactionNumber);
    expect(reply.body.data.balance.pointBalance).toBe(500);
    expect(await balanceOf(token)).toBe(500);
    const statement = await api.call('GET', '/api/user/transactions/all', { token });
    expect(statement.body.data[0]).toMatchObject({
      type: 'credit',
      points: 100,
      description: 'Cancelled: Reward rw-v-cancel',
    });
    const catalogue = await api.call('GET', '/api/rewards', { token });
    expect(catalogue.body.data.find((reward: { id: string }) => reward.id === 'rw-v-cancel').remaining).toBe(5);
    // Once only.
    const again = await cancel(token, voucher.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(VOUCHER_ALREADY_CANCELLED);
    expect(await balanceOf(token)).toBe(500);
  });

  test('the cancellation window closes on the business clock; a reward without one cannot be cancelled', async () => {
    await putReward('rw-v-window', { validityDays: 30, cancellationDays: 2 });
    await putReward('rw-v-final', { validityDays: 30, cancellationDays: 0 });
    const token = await memberWith(500);
    const voucher = await redeem(token, 'rw-v-window');
    const final = await redeem(token, 'rw-v-final');
    expect(final.cancellable).toBe(false);
    expect((await cancel(token, final.id)).body.errors).toHaveProperty('cancellableUntil');
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-01-17T12:00:00.000Z' } });
    const late = await cancel(token, voucher.id);
    expect(late.status).toBe(409);
    expect(late.body.errors.cancellableUntil).toContain('2026-01-17T12:00:00.000Z');
    expect(await balanceOf(token)).toBe(300);
  });

  test('the desk marks a voucher used once; a used voucher cannot be cancelled', async () => {
    await putReward('rw-v-use', { validityDays: 30, cancellationDays: 2 });
    const token = await memberWith(500);
    const voucher = await redeem(token, 'rw-v-use');
    // The desk may type the code in lower case.
    const used = await use(voucher.code.toLowerCase());
    expect(used.status).toBe(200);
    expect(used.body.data).toMatchObject({ state: 'used', usedAt: TEST_NOW, cancellable: false });
    const twice = await use(voucher.code);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(VOUCHER_ALREADY_USED);
    expect((await cancel(token, voucher.id)).body.message).toBe(VOUCHER_ALREADY_USED);
  });

  test('an unused voucher expires after its last valid day and can then be neither used nor cancelled', async () => {
    await putReward('rw-v-expire', { validityDays: 3, cancellationDays: 30 });
    const token = await memberWith(500);
    const voucher = await redeem(token, 'rw-v-expire');
    expect(voucher.validUntil).toBe('2026-01-17');
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-01-17T23:59:00.000Z' } });
    const lastDay = await api.call('GET', `/api/user/vouchers/${voucher.id}`, { token });
    expect(lastDay.body.data.state).toBe('active');
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-01-18T00:00:00.000Z' } });
    const after = await api.call('GET', `/api/user/vouchers/${voucher.id}`, { token });
    expect(after.body.data).toMatchObject({ state: 'expired', cancellable: false });
    expect((await use(voucher.code)).body.message).toBe(VOUCHER_EXPIRED);
    expect((await cancel(token, voucher.id)).body.message).toBe(VOUCHER_EXPIRED);
  });
});

describe('races (bounded: one voucher, 20 calls)', () => {
  test('a cancellation racing uses of the same voucher: exactly one wins', async () => {
    await putReward('rw-v-race', { validityDays: 30, cancellationDays: 2 }, null);
    const token = await memberWith(1000);
    for (let round = 0; round < 3; round++) {
      const voucher = await redeem(token, 'rw-v-race');
      const before = await balanceOf(token);
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? cancel(token, voucher.id) : use(voucher.code))),
      );
      const winners = replies.filter((reply) => reply.status === 200);
      expect(winners).toHaveLength(1);
      expect(replies.every((reply) => reply.status === 200 || reply.status === 409)).toBe(true);
      const state = winners[0]!.body.data.voucher?.state ?? winners[0]!.body.data.state;
      // Points come back exactly when the cancellation won, and only once.
      expect(await balanceOf(token)).toBe(state === 'cancelled' ? before + 100 : before);
      const refunds = api.store.data.transactions.filter(
        (line) => line.kind === 'credit' && line.description === 'Cancelled: Reward rw-v-race',
      );
      expect(refunds.length).toBeLessThanOrEqual(round + 1);
    }
  });

  test('simultaneous uses of one code: one is accepted, the rest refused', async () => {
    await putReward('rw-v-double', { validityDays: 30, cancellationDays: 2 });
    const token = await memberWith(500);
    const voucher = await redeem(token, 'rw-v-double');
    const replies = await Promise.all(Array.from({ length: 20 }, () => use(voucher.code)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(19);
  });

  test('simultaneous cancellations credit the points back once', async () => {
    await putReward('rw-v-recancel', { validityDays: 30, cancellationDays: 2 });
    const token = await memberWith(500);
    const voucher = await redeem(token, 'rw-v-recancel');
    const replies = await Promise.all(Array.from({ length: 20 }, () => cancel(token, voucher.id)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(await balanceOf(token)).toBe(500);
  });
});

describe("another member's vouchers", () => {
  test('can be neither seen nor cancelled, and answer as a voucher that does not exist', async () => {
    await putReward('rw-v-idor', { validityDays: 30, cancellationDays: 2 });
    const owner = await memberWith(500);
    const other = await memberWith(500);
    const voucher = await redeem(owner, 'rw-v-idor');
    const list = await api.call('GET', '/api/user/vouchers', { token: other });
    expect(list.body.data.map((entry: { id: string }) => entry.id)).not.toContain(voucher.id);
    const seen = await api.call('GET', `/api/user/vouchers/${voucher.id}`, { token: other });
    expect(seen.status).toBe(404);
    expect(seen.body).toEqual({ message: VOUCHER_NOT_FOUND });
    const cancelled = await cancel(other, voucher.id);
    expect(cancelled.status).toBe(404);
    expect(cancelled.body).toEqual({ message: VOUCHER_NOT_FOUND });
    // The owner's voucher and both balances are as they were.
    expect((await api.call('GET', `/api/user/vouchers/${voucher.id}`, { token: owner })).body.data.state).toBe(
      'active',
    );
    expect(await balanceOf(owner)).toBe(400);
    expect(await balanceOf(other)).toBe(500);
  });

  test('are for members only', async () => {
    expect((await api.call('GET', '/api/user/vouchers')).status).toBe(401);
    expect((await api.call('POST', '/api/user/vouchers/x/cancel', { body: {} })).status).toBe(401);
  });
});

describe('bad input', () => {
  test('is a 4xx with a message, never a 5xx', async () => {
    const token = await memberWith(10);
    const cases = [
      await api.call('GET', '/api/user/vouchers/not-a-voucher', { token }),
      await cancel(token, '00000000-0000-4000-8000-000000000000'),
      await cancel(token, '%E2%80%AE'),
      await use('NOPE'),
      await api.call('POST', '/api/dev/vouchers/use', { body: { code: 42 } }),
      await api.call('POST', '/api/dev/vouchers/use', { body: {} }),
      await api.call('POST', '/api/dev/vouchers/use', { rawBody: '{"code":' }),
      await api.call('POST', '/api/dev/rewards', {
        body: {
          id: 'rw-v-bad',
          category: 'dining',
          icon: 'dining',
          cost: 1,
          stock: null,
          name: texts('x'),
          description: texts('x'),
          usage: 'teleport',
          validityDays: 0,
        },
      }),
    ];
    for (const reply of cases) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(typeof reply.body.message).toBe('string');
    }
    expect((await use('ZZZZ-ZZZZ-ZZZZ')).body.message).toBe(VOUCHER_CODE_NOT_FOUND);
  });
});
