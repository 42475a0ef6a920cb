import { TOO_MANY_ATTEMPTS } from './security/client-throttles';
import { ACCOUNT_LOCKED, INVALID_CREDENTIALS } from './routes/auth';
import { startTestApi, type CallOptions, type TestApi } from './testing/test-api';

jest.setTimeout(60_000);

const wrongLogin = (email: string, options: CallOptions = {}) => ({
  ...options,
  body: { email, password: 'Wrong@1234' },
});

describe('per-client throttles', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      security: {
        clientThrottles: {
          signIn: { count: 3, seconds: 60 },
          registrations: { count: 2, seconds: 3600 },
          codeChecks: { count: 2, seconds: 900 },
          passwordResets: { count: 2, seconds: 3600 },
        },
      },
    });
  });
  afterAll(() => api.close());

  test('a spent budget answers 429 with Retry-After before any work, and other clients go on', async () => {
    const client = { headers: { 'x-forwarded-for': '198.51.100.7' } };
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(
        (await api.call('POST', '/api/auth/login', wrongLogin(`spray${attempt}@example.com`, client))).status,
      ).toBe(401);
    }
    const refused = await api.call('POST', '/api/auth/login', wrongLogin('spray9@example.com', client));
    expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.retryAfter).toBe(retryAfter);
    const other = await api.call(
      'POST',
      '/api/auth/login',
      wrongLogin('spray9@example.com', {
        headers: { 'x-forwarded-for': '198.51.100.8' },
      }),
    );
    expect(other.status).toBe(401);
  });

  test('registration, code checks and password resets have budgets of their own', async () => {
    const client = { headers: { 'x-forwarded-for': '198.51.100.20' } };
    const register = (index: number) =>
      api.call('POST', '/api/auth/register', {
        ...client,
        body: {
          email: `many${index}@example.com`,
          password: 'Secret@123',
          password2: 'Secret@123',
          firstname: 'M',
          lastname: 'A',
        },
      });
    expect([(await register(1)).status, (await register(2)).status, (await register(3)).status]).toEqual([
      201, 201, 429,
    ]);
    const check = () =>
      api.call('POST', '/api/auth/verify-otp', {
        ...client,
        body: { email: 'many1@example.com', otp: '0000', purpose: 'register' },
      });
    const checks = [await check(), await check(), await check()].map((reply) => reply.status);
    expect(checks[2]).toBe(429);
    const reset = (index: number) =>
      api.call('POST', '/api/auth/forgot-password', { ...client, body: { email: `reset${index}@example.com` } });
    expect([(await reset(1)).status, (await reset(2)).status, (await reset(3)).status]).toEqual([200, 200, 429]);
  });

  test('a client that is not a trusted proxy cannot choose its key with X-Forwarded-For', async () => {
    const direct = await startTestApi({
      security: { trustProxy: false, clientThrottles: { signIn: { count: 1, seconds: 60 } } },
    });
    try {
      const spoofed = (address: string) => wrongLogin('spoof@example.com', { headers: { 'x-forwarded-for': address } });
      expect((await direct.call('POST', '/api/auth/login', spoofed('192.0.2.1'))).status).toBe(401);
      expect((await direct.call('POST', '/api/auth/login', spoofed('192.0.2.2'))).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('the slowdown before the lockout', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ security: { signInSlowdown: { afterFailures: 3, waitSeconds: 2 } } });
    await api.registerMember('slowed@example.com', 'Right@1234');
  });
  afterAll(() => api.close());

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Five wrong passwords as fast as the API lets them through; the statuses seen on the way. */
  async function guessUntilLocked(email: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let round = 0; round < 12 && statuses.at(-1) !== 423; round++) {
      const reply = await api.call('POST', '/api/auth/login', wrongLogin(email));
      statuses.push(reply.status);
      if (reply.status === 429) await sleep(Number(reply.headers.get('retry-after')) * 1000 + 50);
    }
    return statuses;
  }

  test('after the third failure each try waits, then the fifth locks, the same for an unknown address', async () => {
    const known = await guessUntilLocked('slowed@example.com');
    const unknown = await guessUntilLocked('never.registered@example.com');
    expect(known).toEqual([401, 401, 401, 429, 401, 429, 423]);
    expect(unknown).toEqual(known);
    const right = await api.call('POST', '/api/auth/login', {
      body: { email: 'slowed@example.com', password: 'Right@1234' },
    });
    expect(right).toMatchObject({ status: 423, body: { message: ACCOUNT_LOCKED } });
  });

  test('a success ends the wait and the count', async () => {
    const email = 'recovers@example.com';
    await api.registerMember(email, 'Right@1234');
    for (let attempt = 0; attempt < 3; attempt++) await api.call('POST', '/api/auth/login', wrongLogin(email));
    expect((await api.call('POST', '/api/auth/login', wrongLogin(email))).status).toBe(429);
    await sleep(2100);
    await expect(api.login(email, 'Right@1234')).resolves.toEqual(expect.any(String));
    const next = await api.call('POST', '/api/auth/login', wrongLogin(email));
    expect(next).toMatchObject({ status: 401, body: { message: INVALID_CREDENTIALS } });
  });
});
