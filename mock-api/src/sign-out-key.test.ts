import { randomBytes, randomUUID } from 'node:crypto';
import { signToken, verifyToken } from './auth/jwt';
import { SIGNED_OUT, SIGN_OUT_KEY_INVALID, SIGN_OUT_KEY_SPENT } from './routes/auth';
import { TOO_MANY_ATTEMPTS } from './security/client-throttles';
import { TEST_SECRET, startTestApi, useTestApi, type TestApi } from './testing/test-api';

const api = useTestApi();
const PASSWORD = 'Secret@123';

/** The sign-out key a token carries (decision 078), as the page reads it. */
function keyOf(token: string): string {
  const key = verifyToken(token, TEST_SECRET)?.sok;
  if (!key) throw new Error('The token carries no sign-out key');
  return key;
}

/** Signs `email` in and uses the token once, so the session is on the member's list. */
async function signIn(email: string, on: TestApi = api): Promise<string> {
  const token = await on.login(email, PASSWORD);
  expect((await on.call('GET', '/api/auth/me', { token })).status).toBe(200);
  return token;
}

const sendKey = (key: unknown, on: TestApi = api) => on.call('POST', '/api/auth/sign-out-key', { body: { key } });
const me = (token: string) => api.call('GET', '/api/auth/me', { token }).then((reply) => reply.status);
const sessionIds = async (token: string) =>
  (await api.call<{ data: { id: string }[] }>('GET', '/api/account/sessions', { token })).body.data.map(
    (view) => view.id,
  );

describe('a sign-out sent later by its key (decision 078)', () => {
  test('ends the session it names, as its logout would have: token refused, off the list; others go on', async () => {
    await api.registerMember('key.ends@example.com', PASSWORD);
    const offline = await signIn('key.ends@example.com');
    const other = await signIn('key.ends@example.com');
    const offlineId = verifyToken(offline, TEST_SECRET)!.jti;
    expect(await sessionIds(other)).toContain(offlineId);

    expect(await sendKey(keyOf(offline))).toMatchObject({ status: 200, body: { message: SIGNED_OUT } });

    expect(await me(offline)).toBe(401);
    expect((await api.call('GET', '/api/user/points/balance', { token: offline })).status).toBe(401);
    expect(await me(other)).toBe(200);
    expect(await sessionIds(other)).not.toContain(offlineId);
  });

  test('a key is spent once: replayed, or after its session ended another way, it answers 404 and ends nothing', async () => {
    await api.registerMember('key.spent@example.com', PASSWORD);
    const replayed = await signIn('key.spent@example.com');
    expect((await sendKey(keyOf(replayed))).status).toBe(200);
    const loggedOut = await signIn('key.spent@example.com');
    expect((await api.call('GET', '/api/auth/logout', { token: loggedOut })).status).toBe(200);
    const endedByMember = await signIn('key.spent@example.com');
    const survivor = await signIn('key.spent@example.com');
    const endedId = verifyToken(endedByMember, TEST_SECRET)!.jti;
    expect((await api.call('POST', `/api/account/sessions/${endedId}/end`, { token: survivor })).status).toBe(200);
    // Expired before it is sent: a token signed two minutes ago for one minute.
    const demo = api.store.data.members.find((member) => member.email === 'key.spent@example.com')!;
    const expired = signToken({ sub: demo.id, pwv: demo.passwordVersion }, TEST_SECRET, 60, Date.now() - 120_000);

    for (const key of [keyOf(replayed), keyOf(loggedOut), keyOf(endedByMember), expired.claims.sok!]) {
      expect(await sendKey(key)).toMatchObject({ status: 404, body: { message: SIGN_OUT_KEY_SPENT } });
    }
    expect(await me(survivor)).toBe(200);
  });

  test("after a password change, an older session's key answers 404", async () => {
    await api.registerMember('key.changed@example.com', PASSWORD);
    const before = await signIn('key.changed@example.com');
    const changing = await signIn('key.changed@example.com');
    const changed = await api.call('POST', '/api/auth/change-password', {
      token: changing,
      body: { oldPassword: PASSWORD, newPassword: 'Rainy#Day43', confirmPassword: 'Rainy#Day43' },
    });
    expect(changed.status).toBe(200);
    expect(await sendKey(keyOf(before))).toMatchObject({ status: 404, body: { message: SIGN_OUT_KEY_SPENT } });
    expect(await me(changed.body.token as string)).toBe(200);
  });

  test('a session whose token was never used is ended all the same', async () => {
    await api.registerMember('key.unused@example.com', PASSWORD);
    const unused = await api.login('key.unused@example.com', PASSWORD);
    expect(await sendKey(keyOf(unused))).toMatchObject({ status: 200, body: { message: SIGNED_OUT } });
    expect(await me(unused)).toBe(401);
  });

  test("a guessed or altered key, or another session's with a part changed, is refused (422) and ends nothing", async () => {
    await api.registerMember('key.victim@example.com', PASSWORD);
    await api.registerMember('key.attacker@example.com', PASSWORD);
    const victim = await signIn('key.victim@example.com');
    const attacker = await signIn('key.attacker@example.com');
    const [attackerId, attackerExp, attackerMac] = keyOf(attacker).split('.') as [string, string, string];
    const victimClaims = verifyToken(victim, TEST_SECRET)!;
    const [, , victimMac] = keyOf(victim).split('.') as [string, string, string];
    const refused = [
      // The attacker's own mac on the victim's session id and end.
      `${victimClaims.jti}.${victimClaims.exp}.${attackerMac}`,
      // The victim's own key with its end changed, earlier or later.
      `${victimClaims.jti}.${victimClaims.exp - 1}.${victimMac}`,
      `${victimClaims.jti}.${victimClaims.exp + 3600}.${victimMac}`,
      // The attacker's own key with the victim's session id.
      `${victimClaims.jti}.${attackerExp}.${attackerMac}`,
      // Guessed: well-formed, random.
      ...Array.from(
        { length: 20 },
        () => `${randomUUID()}.${victimClaims.exp}.${randomBytes(32).toString('base64url')}`,
      ),
      // Malformed.
      '',
      'x'.repeat(200),
      `${attackerId}.${attackerExp}`,
      victim,
    ];
    for (const key of refused) {
      const reply = await sendKey(key);
      expect(reply.status).toBe(422);
      expect(reply.body.message).toBe(SIGN_OUT_KEY_INVALID);
    }
    for (const body of [{ key: 42 }, { key: ['a'] }, { key: 'y'.repeat(201) }, {}]) {
      const reply = await api.call('POST', '/api/auth/sign-out-key', { body });
      expect(reply).toMatchObject({ status: 422, body: { message: SIGN_OUT_KEY_INVALID } });
    }
    for (const rawBody of ['[]', '{"key": ']) {
      const reply = await api.call('POST', '/api/auth/sign-out-key', { rawBody });
      expect(reply).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    }
    expect(await me(victim)).toBe(200);
    expect(await me(attacker)).toBe(200);
  });

  test('a key is no token: no route takes it as one', async () => {
    await api.registerMember('key.not.token@example.com', PASSWORD);
    const token = await signIn('key.not.token@example.com');
    for (const route of ['/api/auth/me', '/api/user/points/balance', '/api/account/sessions']) {
      expect((await api.call('GET', route, { token: keyOf(token) })).status).toBe(401);
    }
    expect(await me(token)).toBe(200);
  });

  test('a flood of keys is stopped by the sign-in budget (429 with Retry-After), never a 5xx', async () => {
    const limited = await startTestApi({ security: { clientThrottles: { signIn: { count: 6, seconds: 60 } } } });
    try {
      await limited.registerMember('key.flood@example.com', PASSWORD);
      const token = await signIn('key.flood@example.com', limited);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt++) {
        const reply = await sendKey(`${randomUUID()}.1.${randomBytes(32).toString('base64url')}`, limited);
        statuses.push(reply.status);
        if (reply.status === 429) {
          expect(reply.body.message).toBe(TOO_MANY_ATTEMPTS);
          expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      // The sign-in above took one point of the six.
      expect(statuses).toEqual([...Array(5).fill(422), ...Array(7).fill(429)]);
      // Spent, the budget refuses the member's own key too: it is sent again later.
      expect((await sendKey(keyOf(token), limited)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
