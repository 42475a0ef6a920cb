import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { listRoutes } from './testing/routes';
import { startTestApi, type TestApi } from './testing/test-api';

/** mulberry32: a seeded generator, so a failure can be replayed with the same seed. */
function randomGenerator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.FUZZ_SEED ?? 20260115);
const random = randomGenerator(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const FIELDS = [
  'email',
  'password',
  'password2',
  'firstname',
  'lastname',
  'otp',
  'purpose',
  'resetToken',
  'confirmPassword',
  'oldPassword',
  'newPassword',
  'id',
  'phoneNumber',
  'preferred_language',
  'country',
  'bookingId',
  'bookingDate',
  'points',
  'description',
  'path',
  'newsletter',
  'timezone',
  'emailNotifications',
  'smsNotifications',
  'startDate',
  'endDate',
  'amount',
  'now',
  '__proto__',
  'constructor',
  'toString',
] as const;

const SCALARS: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  'a',
  'x'.repeat(300),
  '0000',
  '12345',
  '2025-03-01',
  '2025-02-30',
  '9999-99-99',
  'BK-1001',
  'bk-1001',
  'member@example.com',
  'not-an-email',
  'Demo@1234',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '💥🎉',
  '\u0000',
  'register',
  'reset',
  'FR',
  'fr',
  '/dashboard/user',
  'Europe/Paris',
  'Mars/Olympus',
  '2026-01-20T00:00:00Z',
  '{"nested":"json"}',
];

function randomValue(depth = 0): unknown {
  const roll = random();
  if (depth > 3 || roll < 0.6) return pick(SCALARS);
  if (roll < 0.8) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(depth + 1));
  return randomObject(depth + 1);
}

function randomObject(depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = Math.floor(random() * 6);
  for (let index = 0; index < count; index++) {
    Object.defineProperty(object, pick(FIELDS), {
      value: randomValue(depth),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  if (random() < 0.3) object.phoneNumber = { code: pick(SCALARS), phoneCode: pick(SCALARS), number: pick(SCALARS) };
  return object;
}

const MALFORMED = [
  '['.repeat(5000) + ']'.repeat(5000),
  '{',
  '[',
  '{"a":',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\x"}',
  'undefined',
  '   ',
  '[1,2,',
];

jest.setTimeout(60_000);

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi();
  token = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
});
afterAll(() => api.close());

/** The validation library's own wording, which no answer may carry: it reads as internals. */
const LIBRARY_WORDING = /Invalid (type|key|length|format|value):|Expected .* but received|received undefined/;

async function expectNo5xx(method: string, route: string, options: Parameters<TestApi['call']>[2]) {
  const reply = await api.call(method, route, options);
  const words = reply.status >= 400 ? JSON.stringify([reply.body?.message, reply.body?.errors ?? null]) : '';
  if (
    reply.status >= 500 ||
    (typeof reply.body?.message !== 'string' && reply.status >= 400) ||
    LIBRARY_WORDING.test(words)
  ) {
    throw new Error(
      `${method} ${route} with ${JSON.stringify(options).slice(0, 300)} answered ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)} (FUZZ_SEED=${SEED})`,
    );
  }
  return reply;
}

const routes = () =>
  listRoutes(api.app).map((entry) => {
    const [method, route] = entry.split(' ') as [string, string];
    return { method, route };
  });

test('malformed JSON, wrong content types and odd headers never cause a 5xx, and every 4xx reads as words', async () => {
  for (const { method, route } of routes()) {
    for (const withToken of [false, true]) {
      const auth = withToken ? { token } : {};
      if (method === 'POST') {
        for (const rawBody of MALFORMED) {
          const reply = await expectNo5xx(method, route, { ...auth, rawBody });
          expect(reply.status).toBeGreaterThanOrEqual(400);
        }
        for (const contentType of [
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/xml',
        ]) {
          await expectNo5xx(method, route, {
            ...auth,
            rawBody: 'email=a&&points=%%%',
            headers: { 'content-type': contentType },
          });
        }
        const tooLarge = await expectNo5xx(method, route, { ...auth, body: { description: 'x'.repeat(20_000) } });
        expect(tooLarge.status).toBe(413);
      }
      await expectNo5xx(
        method,
        `${route}?page=-1&pageSize=x&type[]=a&from=2025-13-01&q=${'%'.repeat(3)}&country=&state[a]=b`,
        auth,
      );
    }
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Basic abc',
      `Bearer ${token}x`,
      `Bearer ${'A'.repeat(5000)}`,
    ]) {
      await expectNo5xx(method, route, { headers: { authorization } });
    }
  }
});

test('random bodies at every endpoint never cause a 5xx', async () => {
  for (const { method, route } of routes()) {
    for (let round = 0; round < 40; round++) {
      const body = round % 5 === 0 ? randomValue() : randomObject();
      const auth = random() < 0.8 ? { token } : {};
      if (method === 'POST') await expectNo5xx(method, route, { ...auth, body });
      else {
        const query = new URLSearchParams(
          Object.entries(randomObject()).map(([key, value]) => [
            key,
            typeof value === 'string' ? value : JSON.stringify(value),
          ]),
        );
        await expectNo5xx(method, `${route}?${query}`, auth);
      }
    }
  }
});

test('unknown routes and methods answer a JSON 404', async () => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    for (const route of [
      '/',
      '/api',
      '/api/auth',
      '/api/user/points/nope',
      '/api/db',
      '/db.json',
      '/api/auth/login/extra',
    ]) {
      const reply = await expectNo5xx(method, route, {});
      expect(reply.status).toBe(404);
    }
  }
});
