import fs from 'node:fs';
import path from 'node:path';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { REWARD_NOT_FOUND, REWARD_SOLD_OUT, priceChanged } from './routes/rewards';
import { isValidMemberNumber, luhnCheckDigit, memberNumberOf } from './domain/member-number';
import { DATA_FILE_NAME } from './store/store';
import sharp from 'sharp';
import type { Reward } from '@loyalty/shared/api';
import { startTestApi, useTestApi } from './testing/test-api';
import { memberWith as memberWithPoints } from './testing/members';

const api = useTestApi();
let demo: string;
beforeAll(async () => {
  demo = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
});

const texts = (en: string) => ({ en, fr: `${en} (fr)`, es: `${en} (es)`, de: `${en} (de)`, ar: `${en} (ar)` });

/** A reward of the test's own, with the price and units it needs. */
async function putReward(id: string, cost: number, stock: number | null) {
  const reply = await api.call('POST', '/api/dev/rewards', {
    body: {
      id,
      category: 'travel',
      icon: 'car',
      cost,
      stock,
      name: texts(`Reward ${id}`),
      description: texts('For tests'),
    },
  });
  expect(reply.status).toBe(201);
}

const memberWith = (email: string, points: number) => memberWithPoints(api, email, points);

describe('the catalogue', () => {
  test('lists every reward with its names in five languages, price and units left', async () => {
    const reply = await api.call('GET', '/api/rewards', { token: demo });
    expect(reply.status).toBe(200);
    const lounge = reply.body.data.find((reward: { id: string }) => reward.id === 'rw-lounge-pass');
    expect(lounge).toMatchObject({
      category: 'travel',
      icon: 'lounge',
      cost: 200,
      soldOut: false,
      name: { en: 'Airport lounge pass', fr: 'Accès au salon d’aéroport', ar: 'تصريح دخول صالة المطار' },
    });
    expect(reply.body.data.find((reward: { id: string }) => reward.id === 'rw-rooftop-evening')).toMatchObject({
      remaining: 0,
      soldOut: true,
    });
  });

  test('is for members only', async () => {
    expect((await api.call('GET', '/api/rewards')).status).toBe(401);
    expect((await api.call('POST', '/api/rewards/rw-lounge-pass/redeem', { body: { cost: 200 } })).status).toBe(401);
  });

  test('a data file written before the catalogue existed gets it at start', async () => {
    const file = path.join(api.dataDir, DATA_FILE_NAME);
    const older = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete older.rewards;
    const dataDir = fs.mkdtempSync(path.join(path.dirname(api.dataDir), 'mock-api-older-'));
    fs.writeFileSync(path.join(dataDir, DATA_FILE_NAME), JSON.stringify(older));
    const restarted = await startTestApi({ dataDir });
    try {
      const token = await restarted.login(DEMO_EMAIL, DEMO_PASSWORD);
      const reply = await restarted.call('GET', '/api/rewards', { token });
      expect(reply.body.data.length).toBeGreaterThan(5);
    } finally {
      await restarted.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the pictures', () => {
  const picture = (route: string) => fetch(api.url + route);

  test('each reward names its picture in AVIF and WebP at two widths, what it shows, and one is featured', async () => {
    const rewards = (await api.call('GET', '/api/rewards', { token: demo })).body.data as Reward[];
    expect(rewards.filter((reward) => reward.featured).map((reward) => reward.id)).toEqual(['rw-spa-voucher']);
    const spa = rewards.find((reward) => reward.id === 'rw-spa-voucher')!;
    expect(spa.image).toMatchObject({ width: 640, height: 360, src: expect.stringMatching(/\/640\.webp\?v=/) });
    expect(spa.image.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(spa.image.sources[0]!.srcSet).toMatch(/\/320\.avif\?v=\S+ 320w, \S+\/640\.avif\?v=\S+ 640w$/);
    expect(Object.keys(spa.image.alt ?? {}).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr']);
    // Every picture differs from the others of its shelf or icon: a drawing per reward's look.
    expect(new Set(rewards.map((reward) => reward.image.src.split('?v=')[1])).size).toBeGreaterThan(5);
  });

  test('is served in the format and width asked, cached for good at its version, to pages of the same site', async () => {
    const rewards = (await api.call('GET', '/api/rewards', { token: demo })).body.data as Reward[];
    const [avif, webp] = rewards[0]!.image.sources.map((source) => source.srcSet.split(', ')[0]!.split(' ')[0]!);
    const small = await picture(avif!);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/avif');
    expect(small.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(small.headers.get('cross-origin-resource-policy')).toBe('same-site');
    const avifBytes = Buffer.from(await small.arrayBuffer());
    expect(await sharp(avifBytes).metadata()).toMatchObject({ format: 'heif', width: 320, height: 180 });
    const large = Buffer.from(await (await picture(rewards[0]!.image.src)).arrayBuffer());
    expect(await sharp(large).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });
    expect((await picture(webp!)).headers.get('content-type')).toBe('image/webp');
    // Without the drawing's version, or with an old one, the answer is not kept.
    expect((await picture(avif!.replace(/\?v=.*$/, '?v=old'))).headers.get('cache-control')).toBe('no-cache');
  });

  test('anything else is a 404: another size or format, an unknown reward, a path out of the folder', async () => {
    for (const route of [
      '/api/rewards/rw-spa-voucher/images/1280.avif',
      '/api/rewards/rw-spa-voucher/images/640.png',
      '/api/rewards/rw-spa-voucher/images/640.avif.svg',
      '/api/rewards/rw-unknown/images/640.avif',
      '/api/rewards/rw-spa-voucher/images/..%2F..%2Fpackage.json',
    ]) {
      const reply = await picture(route);
      expect({ route, status: reply.status }).toEqual({ route, status: 404 });
    }
  });
});

describe('redeeming a reward', () => {
  test('debits the catalogue price, takes a unit and names the reward on the debit', async () => {
    await putReward('rw-test-named', 120, 5);
    const token = await memberWith('named@example.com', 500);
    const reply = await api.call('POST', '/api/rewards/rw-test-named/redeem', { token, body: { cost: 120 } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.balance.pointBalance).toBe(380);
    expect(reply.body.data.reward).toMatchObject({ id: 'rw-test-named', remaining: 4, soldOut: false });
    expect(reply.body.data.transaction).toMatchObject({
      type: 'debit',
      points: 120,
      description: 'Redeemed: Reward rw-test-named',
      reward: { id: 'rw-test-named', name: texts('Reward rw-test-named') },
    });

    // The statement finds it by the reward's name, in any language, and by its number.
    const found = await api.call('GET', '/api/user/transactions/all?q=rw-test-named%20(fr)', { token });
    expect(found.body.data.map((line: { transactionNumber: string }) => line.transactionNumber)).toEqual([
      reply.body.data.transaction.transactionNumber,
    ]);
    const one = await api.call('GET', `/api/user/transactions/${reply.body.data.transaction.transactionNumber}`, {
      token,
    });
    expect(one.body.data.reward.id).toBe('rw-test-named');
  });

  test('keeps the name the reward had at the time, whatever the catalogue says later', async () => {
    await putReward('rw-test-renamed', 10, null);
    const token = await memberWith('renamed@example.com', 100);
    const reply = await api.call('POST', '/api/rewards/rw-test-renamed/redeem', { token, body: { cost: 10 } });
    await api.call('POST', '/api/dev/rewards', {
      body: {
        id: 'rw-test-renamed',
        category: 'travel',
        icon: 'car',
        cost: 10,
        stock: null,
        name: texts('New name'),
        description: texts('x'),
      },
    });
    const one = await api.call('GET', `/api/user/transactions/${reply.body.data.transaction.transactionNumber}`, {
      token,
    });
    expect(one.body.data.reward.name.en).toBe('Reward rw-test-renamed');
  });

  test('refuses a sold-out reward with a clear 409 and takes nothing', async () => {
    const token = await memberWith('soldout@example.com', 5000);
    const reply = await api.call('POST', '/api/rewards/rw-rooftop-evening/redeem', { token, body: { cost: 1200 } });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: REWARD_SOLD_OUT, errors: { reward: REWARD_SOLD_OUT } });
    expect((await api.call('GET', '/api/user/points/balance', { token })).body.data.pointBalance).toBe(5000);
  });

  test('charges the price of the moment: a price that moved since the member saw it is refused, not paid', async () => {
    await putReward('rw-test-price', 100, null);
    const token = await memberWith('price@example.com', 1000);
    await putReward('rw-test-price', 150, null);
    const stale = await api.call('POST', '/api/rewards/rw-test-price/redeem', { token, body: { cost: 100 } });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual({ cost: priceChanged(150) });
    expect((await api.call('GET', '/api/user/points/balance', { token })).body.data.pointBalance).toBe(1000);
    const paid = await api.call('POST', '/api/rewards/rw-test-price/redeem', { token, body: { cost: 150 } });
    expect(paid.status).toBe(200);
    expect(paid.body.data.transaction.points).toBe(150);
  });

  test('refuses more than the available balance with 422 naming it, and takes no unit', async () => {
    await putReward('rw-test-dear', 600, 2);
    const token = await memberWith('poor@example.com', 500);
    const reply = await api.call('POST', '/api/rewards/rw-test-dear/redeem', { token, body: { cost: 600 } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.points).toContain('500');
    expect(api.store.data.rewards.find((reward) => reward.id === 'rw-test-dear')?.stock).toBe(2);
  });

  test.each([
    ['an unknown reward', '/api/rewards/rw-none/redeem', { cost: 1 }, 404],
    ['an id that cannot be a reward', '/api/rewards/..%2F..%2Fetc/redeem', { cost: 1 }, 404],
    ['a cost that is not a whole number', '/api/rewards/rw-lounge-pass/redeem', { cost: 1.5 }, 422],
    ['a cost as text', '/api/rewards/rw-lounge-pass/redeem', { cost: '200' }, 422],
    ['no cost', '/api/rewards/rw-lounge-pass/redeem', {}, 422],
  ])('answers %s with a 4xx', async (_case, route, body, status) => {
    const reply = await api.call('POST', route, { token: demo, body });
    expect(reply.status).toBe(status);
    if (status === 404) expect(reply.body.message).toBe(REWARD_NOT_FOUND);
  });
});

describe('races', () => {
  test('concurrent redemptions of the last units: exactly as many succeed as there were units', async () => {
    await putReward('rw-test-last', 100, 3);
    const tokens = await Promise.all(
      Array.from({ length: 6 }, (_, index) => memberWith(`last${index}@example.com`, 1000)),
    );
    // 30 requests from 6 members, each of whom could pay for several: only 3 units exist.
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        api.call('POST', '/api/rewards/rw-test-last/redeem', {
          token: tokens[index % tokens.length],
          body: { cost: 100 },
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(27);
    expect(replies.filter((reply) => reply.status === 409).every((reply) => reply.body.errors.reward)).toBe(true);
    expect(api.store.data.rewards.find((reward) => reward.id === 'rw-test-last')?.stock).toBe(0);
    const debits = api.store.data.transactions.filter((record) => record.reward?.id === 'rw-test-last');
    expect(debits).toHaveLength(3);
    const catalogue = await api.call('GET', '/api/rewards', { token: tokens[0] });
    expect(catalogue.body.data.find((reward: { id: string }) => reward.id === 'rw-test-last')).toMatchObject({
      remaining: 0,
      soldOut: true,
    });
  });

  test('one member racing for more than they can pay: the balance never goes below zero', async () => {
    await putReward('rw-test-plenty', 300, 100);
    const token = await memberWith('racer-rich@example.com', 1000);
    const replies = await Promise.all(
      Array.from({ length: 12 }, () =>
        api.call('POST', '/api/rewards/rw-test-plenty/redeem', { token, body: { cost: 300 } }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
    expect(replies.filter((reply) => reply.status === 422)).toHaveLength(9);
    expect((await api.call('GET', '/api/user/points/balance', { token })).body.data.pointBalance).toBe(100);
    expect(api.store.data.rewards.find((reward) => reward.id === 'rw-test-plenty')?.stock).toBe(97);
  });
});

describe('statement lines and the card number', () => {
  test("a line by its number: the member's own only; a claim carries its stay", async () => {
    const mine = await api.call('GET', '/api/user/transactions/TXN-000001', { token: demo });
    expect(mine.status).toBe(200);
    expect(mine.body.data.stay).toEqual({ startDate: expect.any(String), endDate: expect.any(String) });
    const other = await api.registerMember('nosy@example.com');
    const theirs = await api.call('GET', '/api/user/transactions/TXN-000001', { token: other });
    expect(theirs.status).toBe(404);
    // A path that is not even valid percent-encoding is the sender's mistake.
    expect((await api.call('GET', '/api/user/transactions/%ff', { token: demo })).status).toBe(400);
  });

  test('every member has a 12-digit card number with a Luhn check digit, the same at every sign-in', async () => {
    const me = await api.call('GET', '/api/auth/me', { token: demo });
    expect(isValidMemberNumber(me.body.data.MemberNumber)).toBe(true);
    expect(me.body.data.MemberNumber).toBe(memberNumberOf('mbr-demo-0001'));
    // The check digit catches a single mistyped digit.
    const typo = `${me.body.data.MemberNumber.slice(0, 5)}${(Number(me.body.data.MemberNumber[5]) + 1) % 10}${me.body.data.MemberNumber.slice(6)}`;
    expect(isValidMemberNumber(typo)).toBe(false);
    // ISO/IEC 7812's example: 7992739871 has the check digit 3.
    expect(luhnCheckDigit('7992739871')).toBe('3');
  });

  test('the plan has its price', async () => {
    const account = await api.call('GET', '/api/account/general', { token: demo });
    expect(account.body.data.plan.price).toEqual({ amount: 9.99, currency: 'EUR' });
  });
});
