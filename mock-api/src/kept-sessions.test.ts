import { randomBytes } from 'node:crypto';
import { verifyToken } from './auth/jwt';
import { KEPT_COOKIE, KEPT_SESSION_SECONDS, REFRESH_RACE_MS, SPENT_SECRETS_KEPT } from './domain/kept-sessions';
import { KEPT_SIGN_IN_NONE, KEPT_SIGN_IN_REPLAYED } from './routes/auth';
import { TOO_MANY_ATTEMPTS } from './security/client-throttles';
import { TEST_SECRET, startTestApi, useTestApi, type Reply, type TestApi } from './testing/test-api';

const api = useTestApi();
const PASSWORD = 'Secret@123';
const NEW_PASSWORD = 'Rainy#Day43';

/** The kept cookie a reply sets: its value ('' when it takes it back), and the whole header. */
function keptCookieOf(reply: Reply): { value: string; header: string } | null {
  const header = reply.headers.getSetCookie().find((cookie) => cookie.startsWith(`${KEPT_COOKIE}=`));
  if (!header) return null;
  return { value: header.slice(KEPT_COOKIE.length + 1).split(';')[0]!, header };
}

/** Signs `email` in choosing to be kept; the token and the device's secret. */
async function signInKept(email: string, on: TestApi = api): Promise<{ token: string; secret: string }> {
  const reply = await on.call('POST', '/api/auth/login', { body: { email, password: PASSWORD, keepSignedIn: true } });
  expect(reply.status).toBe(200);
  const secret = keptCookieOf(reply)?.value;
  if (!secret) throw new Error('No kept cookie');
  return { token: reply.body.token as string, secret };
}

const refresh = (secret: string | null, extra: { token?: string; body?: unknown; on?: TestApi } = {}) =>
  (extra.on ?? api).call('POST', '/api/auth/refresh', {
    ...(secret === null ? {} : { headers: { cookie: `${KEPT_COOKIE}=${secret}` } }),
    ...(extra.token ? { token: extra.token } : {}),
    ...(extra.body ? { body: extra.body } : {}),
  });
const me = (token: string) => api.call('GET', '/api/auth/me', { token }).then((reply) => reply.status);
const sessionsOf = async (token: string) =>
  (await api.call<{ data: { id: string; keptUntil?: string }[] }>('GET', '/api/account/sessions', { token })).body.data;
const jtiOf = (token: string) => verifyToken(token, TEST_SECRET)!.jti;

/** Date.now moved by `ms` for the API (in this process) until the returned function is called. */
function later(ms: number): () => void {
  const real = Date.now.bind(Date);
  const spy = jest.spyOn(Date, 'now').mockImplementation(() => real() + ms);
  return () => spy.mockRestore();
}

/** A refusal of the refresh route: 401, the text, and the cookie taken back. */
function expectRefused(reply: Reply, message: string) {
  expect(reply).toMatchObject({ status: 401, body: { message } });
  expect(keptCookieOf(reply)?.value).toBe('');
}

describe('keep me signed in on this device (decision 080)', () => {
  test('unchosen, a sign-in sets no kept cookie; chosen, an HttpOnly, Secure, Strict cookie for the refresh route alone, with its end', async () => {
    await api.registerMember('kept.cookie@example.com', PASSWORD);
    const plain = await api.call('POST', '/api/auth/login', {
      body: { email: 'kept.cookie@example.com', password: PASSWORD },
    });
    expect(plain.status).toBe(200);
    expect(keptCookieOf(plain)).toBeNull();
    expect(plain.body.keptUntil).toBeUndefined();

    const before = Date.now();
    const kept = await api.call('POST', '/api/auth/login', {
      body: { email: 'kept.cookie@example.com', password: PASSWORD, keepSignedIn: true },
    });
    const cookie = keptCookieOf(kept)!;
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie.header).toMatch(
      new RegExp(
        `Max-Age=(${KEPT_SESSION_SECONDS - 1}|${KEPT_SESSION_SECONDS}); Path=/api/auth/refresh; .*HttpOnly; Secure; SameSite=Strict`,
      ),
    );
    const keptUntil = Date.parse(kept.body.keptUntil as string);
    expect(keptUntil - before).toBeGreaterThanOrEqual(KEPT_SESSION_SECONDS * 1000 - 1000);
    expect(keptUntil - before).toBeLessThanOrEqual(KEPT_SESSION_SECONDS * 1000 + 1000);
    // Only the secret's hash is kept.
    const stored = JSON.stringify(api.store.data.keptSessions);
    expect(stored).not.toContain(cookie.value);
  });

  test('the refresh route trades the secret for a token of the same session and a new secret; the list says until when', async () => {
    await api.registerMember('kept.trade@example.com', PASSWORD);
    const { token, secret } = await signInKept('kept.trade@example.com');
    const traded = await refresh(secret);
    expect(traded.status).toBe(200);
    expect(traded.body.data.RelationReference).toBe('kept.trade@example.com');
    const next = keptCookieOf(traded)!.value;
    expect(next).toMatch(/^[\w-]{43}$/);
    expect(next).not.toBe(secret);
    const fresh = traded.body.token as string;
    expect(jtiOf(fresh)).toBe(jtiOf(token));
    expect(await me(fresh)).toBe(200);

    const listed = await sessionsOf(fresh);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: jtiOf(token), keptUntil: traded.body.keptUntil });
    // And again with the new secret.
    expect((await refresh(next)).status).toBe(200);
  });

  test('the code step of a sign-up keeps the device when chosen', async () => {
    const email = 'kept.code@example.com';
    await api.call('POST', '/api/auth/register', {
      body: { email, password: PASSWORD, password2: PASSWORD, firstname: 'Kept', lastname: 'Code' },
    });
    const verified = await api.call('POST', '/api/auth/verify-otp', {
      body: { email, otp: await api.latestCode(email), purpose: 'register', keepSignedIn: true },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.keptUntil).toEqual(expect.any(String));
    const secret = keptCookieOf(verified)!.value;
    expect((await refresh(secret)).status).toBe(200);
  });

  describe('attacks', () => {
    test('guessed, forged and malformed cookies are refused and end nothing (bounded: 60 tries, 10 s)', async () => {
      const started = Date.now();
      await api.registerMember('kept.guess@example.com', PASSWORD);
      const { secret } = await signInKept('kept.guess@example.com');
      const forged = [
        null,
        '',
        'not-a-secret',
        `${secret}x`,
        secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A'),
        'A'.repeat(43),
        'x'.repeat(5000),
        '%00%0d%0a',
      ];
      for (let i = 0; i < 52; i++) forged.push(randomBytes(32).toString('base64url'));
      for (const guess of forged) expectRefused(await refresh(guess), KEPT_SIGN_IN_NONE);
      expect((await refresh(secret)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    test('a replayed cookie, once rotated, ends the kept session for both holders, and says so', async () => {
      await api.registerMember('kept.replay@example.com', PASSWORD);
      const { secret: stolen } = await signInKept('kept.replay@example.com');
      const first = await refresh(stolen);
      const memberSecret = keptCookieOf(first)!.value;
      const second = await refresh(memberSecret);
      const memberToken = second.body.token as string;
      expect(await me(memberToken)).toBe(200);

      // The thief's copy was traded twice over: it is a spent secret, whenever it comes back.
      expectRefused(await refresh(stolen), KEPT_SIGN_IN_REPLAYED);
      expectRefused(await refresh(keptCookieOf(second)!.value), KEPT_SIGN_IN_NONE);
      expect(await me(memberToken)).toBe(401);
      expect(await me(first.body.token as string)).toBe(401);
      expect(api.store.data.keptSessions.some((kept) => kept.id === jtiOf(memberToken))).toBe(false);
    });

    test('the secret a refresh just replaced refreshes within the race window only, without a new cookie', async () => {
      await api.registerMember('kept.race@example.com', PASSWORD);
      const { secret } = await signInKept('kept.race@example.com');
      const winner = await refresh(secret);
      const racing = await refresh(secret);
      expect(racing.status).toBe(200);
      expect(keptCookieOf(racing)).toBeNull();
      expect(jtiOf(racing.body.token as string)).toBe(jtiOf(winner.body.token as string));

      const restore = later(REFRESH_RACE_MS + 1000);
      try {
        expectRefused(await refresh(secret), KEPT_SIGN_IN_REPLAYED);
        expectRefused(await refresh(keptCookieOf(winner)!.value), KEPT_SIGN_IN_NONE);
      } finally {
        restore();
      }
    });

    test('every way a session ends refuses its refresh: ended from the list, sign-out, password change, reset, deletion, its end', async () => {
      const email = 'kept.ends@example.com';
      await api.registerMember(email, PASSWORD);
      const other = await api.login(email, PASSWORD);

      // Ended from "Sessions and devices" by another session.
      const listed = await signInKept(email);
      expect(
        (await api.call('POST', `/api/account/sessions/${jtiOf(listed.token)}/end`, { token: other })).status,
      ).toBe(200);
      expectRefused(await refresh(listed.secret), KEPT_SIGN_IN_NONE);

      // Signed out: the cookie is taken back by the sign-out's answer too.
      const signedOut = await signInKept(email);
      const logout = await api.call('GET', '/api/auth/logout', { token: signedOut.token });
      expect(keptCookieOf(logout)?.value).toBe('');
      expectRefused(await refresh(signedOut.secret), KEPT_SIGN_IN_NONE);

      // A token of the kept session renewed by a refresh is ended by the sign-out of an older one.
      const renewed = await signInKept(email);
      const renewedToken = (await refresh(renewed.secret)).body.token as string;
      await api.call('GET', '/api/auth/logout', { token: renewed.token });
      expect(await me(renewedToken)).toBe(401);

      // A password change that signs out everywhere else; one that keeps the others keeps it.
      const keptThrough = await signInKept(email);
      const endedByChange = await signInKept(email);
      const changeWith = (token: string, from: string, to: string, signOutOthers: boolean) =>
        api.call('POST', '/api/auth/change-password', {
          token,
          body: { oldPassword: from, newPassword: to, confirmPassword: to, signOutOthers },
        });
      const kept = await changeWith(other, PASSWORD, NEW_PASSWORD, false);
      expect(kept.status).toBe(200);
      const keptRefresh = await refresh(keptThrough.secret);
      expect(keptRefresh.status).toBe(200);
      const ended = await changeWith(kept.body.token as string, NEW_PASSWORD, 'Sunny#Day44', true);
      expect(ended.status).toBe(200);
      expectRefused(await refresh(keptCookieOf(keptRefresh)!.value), KEPT_SIGN_IN_NONE);
      expectRefused(await refresh(endedByChange.secret), KEPT_SIGN_IN_NONE);
    });

    test('a reset and an account deletion end the kept sessions', async () => {
      const email = 'kept.reset@example.com';
      await api.registerMember(email, PASSWORD);
      const { secret } = await signInKept(email);
      await api.call('POST', '/api/auth/forgot-password', { body: { email } });
      await new Promise((resolve) => setImmediate(resolve));
      const code = await api.latestCode(email);
      const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp: code, purpose: 'reset' } });
      const reset = await api.call('POST', '/api/auth/set-password', {
        body: {
          resetToken: verified.body.data.resetToken,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          signOutOthers: true,
        },
      });
      expect(reset.status).toBe(200);
      expectRefused(await refresh(secret), KEPT_SIGN_IN_NONE);

      const deleting = await api.call('POST', '/api/auth/login', {
        body: { email, password: NEW_PASSWORD, keepSignedIn: true },
      });
      const deletedSecret = keptCookieOf(deleting)!.value;
      const deleted = await api.call('POST', '/api/account/delete', {
        token: deleting.body.token as string,
        body: { password: NEW_PASSWORD },
      });
      expect(deleted.status).toBe(200);
      expectRefused(await refresh(deletedSecret), KEPT_SIGN_IN_NONE);
      expect(api.store.data.keptSessions.filter((kept) => kept.memberId === deleting.body.data.id)).toEqual([]);
    });

    test('no token outlives the session’s own end, and past it the refresh is refused', async () => {
      await api.registerMember('kept.end@example.com', PASSWORD);
      const { secret } = await signInKept('kept.end@example.com');
      let restore = later((KEPT_SESSION_SECONDS - 60) * 1000);
      let next: string;
      try {
        const nearEnd = await refresh(secret);
        expect(nearEnd.status).toBe(200);
        const claims = verifyToken(nearEnd.body.token as string, TEST_SECRET, Date.now())!;
        expect(claims.exp * 1000).toBeLessThanOrEqual(Date.parse(nearEnd.body.keptUntil as string));
        next = keptCookieOf(nearEnd)!.value;
      } finally {
        restore();
      }
      restore = later((KEPT_SESSION_SECONDS + 1) * 1000);
      try {
        expectRefused(await refresh(next), KEPT_SIGN_IN_NONE);
      } finally {
        restore();
      }
    });

    test('a cookie opens its own member’s session alone, whatever token or body comes with it; another member cannot end it', async () => {
      await api.registerMember('kept.alice@example.com', PASSWORD);
      const mallory = await api.registerMember('kept.mallory@example.com', PASSWORD);
      const alice = await signInKept('kept.alice@example.com');
      const mallorySecret = (await signInKept('kept.mallory@example.com')).secret;
      const aliceId = api.store.data.members.find((member) => member.email === 'kept.alice@example.com')!.id;

      const asMallory = await refresh(mallorySecret, {
        token: alice.token,
        body: { memberId: aliceId, email: 'kept.alice@example.com', sessionId: jtiOf(alice.token) },
      });
      expect(asMallory.status).toBe(200);
      expect(asMallory.body.data.RelationReference).toBe('kept.mallory@example.com');
      expect(verifyToken(asMallory.body.token as string, TEST_SECRET)!.sub).not.toBe(aliceId);

      const ending = await api.call('POST', `/api/account/sessions/${jtiOf(alice.token)}/end`, { token: mallory });
      expect(ending.status).toBe(404);
      expect((await refresh(alice.secret)).status).toBe(200);
    });

    test('spent secrets are remembered up to a bound', async () => {
      await api.registerMember('kept.bound@example.com', PASSWORD);
      let { secret } = await signInKept('kept.bound@example.com');
      for (let i = 0; i < SPENT_SECRETS_KEPT + 5; i++) secret = keptCookieOf(await refresh(secret))!.value;
      const id = api.store.data.members.find((member) => member.email === 'kept.bound@example.com')!.id;
      const record = api.store.data.keptSessions.find((kept) => kept.memberId === id)!;
      expect(record.spentHashes.length).toBeLessThanOrEqual(SPENT_SECRETS_KEPT);
    });
  });
});

describe('a flood of refreshes', () => {
  let throttled: TestApi;
  beforeAll(async () => {
    throttled = await startTestApi({ security: { clientThrottles: { signIn: { count: 3, seconds: 60 } } } });
  });
  afterAll(() => throttled.close());

  test('is limited per client like the other sign-in routes (429), bounded: 5 tries', async () => {
    const client = { 'x-forwarded-for': '198.51.100.80' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await throttled.call('POST', '/api/auth/refresh', {
        headers: { ...client, cookie: `${KEPT_COOKIE}=${randomBytes(32).toString('base64url')}` },
      });
      statuses.push(reply.status);
      if (reply.status === 429) expect(reply.body.message).toBe(TOO_MANY_ATTEMPTS);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
