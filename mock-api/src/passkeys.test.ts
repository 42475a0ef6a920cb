import { DEFAULT_PORTAL_ORIGIN } from './app';
import { PASSKEY_TEXTS } from '@loyalty/shared/api/messages';
import { LAST_SIGN_IN_METHOD, PASSKEY_SIGN_IN_FAILED } from './routes/passkeys';
import { SoftwareAuthenticator } from './testing/software-authenticator';
import { TEST_NOW, startTestApi, useTestApi } from './testing/test-api';

const ORIGIN = DEFAULT_PORTAL_ORIGIN;
const RP_ID = new URL(ORIGIN).hostname;
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const api = useTestApi();
const PASSWORD = 'Secret@123';
let members = 0;

/** A new member signed in with a password, and their token. */
async function newMember(): Promise<string> {
  members += 1;
  return api.registerMember(`passkey-${members}@example.com`);
}

/** Registers a passkey of `authenticator` for the member of `token`; returns the reply. */
async function addPasskey(token: string, authenticator: SoftwareAuthenticator) {
  const options = await api.call('POST', '/api/auth/passkeys/registration-options', { token, body: {} });
  expect(options.status).toBe(200);
  return api.call('POST', '/api/auth/passkeys/register', {
    token,
    headers: { 'user-agent': CHROME_ON_LINUX },
    body: { response: authenticator.register(options.body.data), password: PASSWORD },
  });
}

async function signInOptions() {
  const reply = await api.call('POST', '/api/auth/passkeys/authentication-options', { body: {} });
  expect(reply.status).toBe(200);
  return reply.body.data as { challenge: string };
}

const signIn = (response: unknown) => api.call('POST', '/api/auth/passkeys/sign-in', { body: { response } });

/** A member with one passkey, its authenticator and their password token. */
async function memberWithPasskey() {
  const token = await newMember();
  const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
  expect((await addPasskey(token, authenticator)).status).toBe(201);
  return { token, authenticator };
}

test('a member adds a passkey, sees it listed, and signs in with it as with a password', async () => {
  const token = await newMember();
  const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID, true);
  const added = await addPasskey(token, authenticator);
  expect(added.status).toBe(201);
  expect(added.body.data).toEqual({
    id: authenticator.id,
    name: `Chrome on Linux, ${TEST_NOW.slice(0, 10)}`,
    createdAt: TEST_NOW,
    lastUsedAt: null,
    synced: true,
  });

  const signedIn = await signIn(authenticator.assert(await signInOptions()));
  expect(signedIn.status).toBe(200);
  expect(Object.keys(signedIn.body).sort()).toEqual(['data', 'token']);
  const me = await api.call('GET', '/api/auth/me', { token: signedIn.body.token });
  expect(me.body.data.Email).toBe(`passkey-${members}@example.com`);

  const listed = await api.call('GET', '/api/auth/passkeys', { token });
  expect(listed.body).toEqual({ data: [{ ...added.body.data, lastUsedAt: TEST_NOW }], passwordSignIn: true });
  const stored = api.store.data.passkeys.find((passkey) => passkey.id === authenticator.id);
  expect(stored).toMatchObject({ counter: 1, deviceType: 'multiDevice', backedUp: true });

  // While the password signs in, it is a way in: the only passkey may go.
  expect((await api.call('POST', `/api/auth/passkeys/${authenticator.id}/remove`, { token, body: {} })).status).toBe(
    200,
  );
  expect((await api.call('GET', '/api/auth/passkeys', { token })).body.data).toEqual([]);
});

/** Password sign-in on or off; off confirmed with the password unless a `confirmation` is given. */
const setPasswordSignIn = (token: string, enabled: boolean, confirmation: object = { password: PASSWORD }) =>
  api.call('POST', '/api/auth/password-sign-in', { token, body: { enabled, ...confirmation } });

/** A passkey's confirmation for the member of `token`: `{ passkey }` over a fresh challenge of theirs. */
async function passkeyConfirmation(token: string, authenticator: SoftwareAuthenticator) {
  const options = await api.call('POST', '/api/auth/passkeys/confirmation-options', { token, body: {} });
  expect(options.status).toBe(200);
  return { passkey: authenticator.assert(options.body.data) };
}

test('the last way to sign in cannot be removed', async () => {
  const { token, authenticator } = await memberWithPasskey();
  const second = new SoftwareAuthenticator(ORIGIN, RP_ID);
  expect((await addPasskey(token, second)).status).toBe(201);
  expect((await setPasswordSignIn(token, false)).status).toBe(200);
  const remove = (id: string) => api.call('POST', `/api/auth/passkeys/${id}/remove`, { token, body: {} });
  expect((await remove(second.id)).status).toBe(200);
  const refused = await remove(authenticator.id);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(LAST_SIGN_IN_METHOD);
  expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(200);
});

describe('password sign-in off', () => {
  const login = (email: string, password = 'Secret@123') =>
    api.call('POST', '/api/auth/login', { body: { email, password } });

  test('needs a passkey; then the password no longer signs in, until it is turned on again', async () => {
    const token = await newMember();
    const email = `passkey-${members}@example.com`;
    const refused = await setPasswordSignIn(token, false);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PASSKEY_TEXTS.passkeyNeeded);

    const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
    expect((await addPasskey(token, authenticator)).status).toBe(201);
    expect((await setPasswordSignIn(token, false)).body).toMatchObject({ passwordSignIn: false });
    const off = await login(email);
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(PASSKEY_TEXTS.passwordSignInOff);
    // A wrong password is answered as ever: only the password's owner learns that it is off.
    expect((await login(email, 'Wrong@1234')).status).toBe(401);
    expect((await api.call('GET', '/api/auth/passkeys', { token })).body.passwordSignIn).toBe(false);

    const signedIn = await signIn(authenticator.assert(await signInOptions()));
    expect(signedIn.status).toBe(200);
    expect((await setPasswordSignIn(signedIn.body.token, true)).status).toBe(200);
    expect((await login(email)).status).toBe(200);
  });

  /** A member with a passkey and the password off, reset by e-mail code to `New@12345`. */
  async function resetWhileOff() {
    const { token, authenticator } = await memberWithPasskey();
    const email = `passkey-${members}@example.com`;
    expect((await setPasswordSignIn(token, false)).status).toBe(200);
    expect((await api.call('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    const otp = await api.latestCode(email);
    const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'reset' } });
    const reset = await api.call('POST', '/api/auth/set-password', {
      body: { resetToken: verified.body.data.resetToken, password: 'New@12345', confirmPassword: 'New@12345' },
    });
    expect(reset.status).toBe(200);
    return { email, authenticator };
  }
  const afterTheWait = () => api.clock.set(new Date(Date.parse(TEST_NOW) + 3 * 24 * 3600_000 + 1000).toISOString());

  test('a reset by e-mail brings the password back only after a wait the owner is told of', async () => {
    const { email } = await resetWhileOff();
    expect((await login(email, 'New@12345')).status).toBe(403);
    const mail = (await api.call('GET', `/api/dev/outbox?email=${email}`)).body.data[0];
    expect(mail.subject).toBe('Your password was reset; password sign-in is off');
    expect(mail.body).toContain('from 18 January 2026 at 12:00 UTC (in 72 hours)');

    afterTheWait();
    expect((await login(email, 'New@12345')).status).toBe(200);
  });

  test('within the wait, the owner signs in with a passkey and keeps the password off', async () => {
    const { email, authenticator } = await resetWhileOff();
    const owner = await signIn(authenticator.assert(await signInOptions()));
    expect(owner.status).toBe(200);
    expect(
      (await api.call('GET', '/api/auth/passkeys', { token: owner.body.token })).body.passwordSignInBackAt,
    ).toEqual(expect.any(String));
    const kept = await setPasswordSignIn(
      owner.body.token,
      false,
      await passkeyConfirmation(owner.body.token, authenticator),
    );
    expect(kept.status).toBe(200);

    afterTheWait();
    expect((await login(email, 'New@12345')).status).toBe(403);
  });
});

describe('attacks', () => {
  test('a replayed assertion is refused, also from a passkey that keeps no counter', async () => {
    const token = await newMember();
    // Synced passkeys mostly sign with a counter of 0, so only the spent challenge stops a replay.
    const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID, true, false);
    expect((await addPasskey(token, authenticator)).status).toBe(201);
    const assertion = authenticator.assert(await signInOptions());
    expect((await signIn(assertion)).status).toBe(200);
    const replayed = await signIn(assertion);
    expect(replayed.status).toBe(401);
  });

  test('an assertion made on another origin, or for another relying party, is refused', async () => {
    const { authenticator } = await memberWithPasskey();
    const phished = await signIn(authenticator.assert(await signInOptions(), { origin: 'https://evil.example' }));
    expect(phished.status).toBe(401);
    expect(phished.body.message).toBe(PASSKEY_SIGN_IN_FAILED);
    const otherParty = await signIn(authenticator.assert(await signInOptions(), { rpId: 'evil.example' }));
    expect(otherParty.status).toBe(401);
    // The same passkey on the portal's own origin still signs in.
    expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(200);
  });

  test('a challenge answers one ceremony only, and only until it expires', async () => {
    const { token, authenticator } = await memberWithPasskey();
    const options = await signInOptions();
    expect((await signIn(authenticator.assert(options))).status).toBe(200);
    // A fresh, validly signed assertion over the spent challenge.
    expect((await signIn(authenticator.assert(options))).status).toBe(401);

    const late = await signInOptions();
    api.clock.set(new Date(Date.parse(TEST_NOW) + 5 * 60_000 + 1000).toISOString());
    expect((await signIn(authenticator.assert(late))).status).toBe(401);

    // Registration challenges too: used twice, or late.
    const registration = await api.call('POST', '/api/auth/passkeys/registration-options', { token, body: {} });
    const register = (response: unknown) =>
      api.call('POST', '/api/auth/passkeys/register', { token, body: { response, password: PASSWORD } });
    expect((await register(new SoftwareAuthenticator(ORIGIN, RP_ID).register(registration.body.data))).status).toBe(
      201,
    );
    expect((await register(new SoftwareAuthenticator(ORIGIN, RP_ID).register(registration.body.data))).status).toBe(
      400,
    );
    // A challenge that was never handed out is refused as well.
    expect(
      (await register(new SoftwareAuthenticator(ORIGIN, RP_ID).register({ challenge: 'bm90LWlzc3VlZA' }))).status,
    ).toBe(400);
  });

  test("another member's passkey, challenge or credential id gets no one in", async () => {
    const victim = await memberWithPasskey();
    const attackerToken = await newMember();
    const attacker = new SoftwareAuthenticator(ORIGIN, RP_ID);
    expect((await addPasskey(attackerToken, attacker)).status).toBe(201);
    const victimHandle = victim.authenticator.assert(await signInOptions()).response.userHandle;

    // The attacker's own key, claiming to sign for the victim.
    const claimed = await signIn(attacker.assert(await signInOptions(), { userHandle: victimHandle }));
    expect(claimed.status).toBe(401);

    // The victim's credential id registered again for the attacker.
    const options = await api.call('POST', '/api/auth/passkeys/registration-options', {
      token: attackerToken,
      body: {},
    });
    const copy = new SoftwareAuthenticator(ORIGIN, RP_ID);
    victim.authenticator.credentialId.copy(copy.credentialId);
    const taken = await api.call('POST', '/api/auth/passkeys/register', {
      token: attackerToken,
      body: { response: copy.register(options.body.data), password: PASSWORD },
    });
    expect(taken.status).toBe(409);

    // A registration challenge handed to the victim, answered in the attacker's session.
    const victimOptions = await api.call('POST', '/api/auth/passkeys/registration-options', {
      token: victim.token,
      body: {},
    });
    const crossed = await api.call('POST', '/api/auth/passkeys/register', {
      token: attackerToken,
      body: {
        response: new SoftwareAuthenticator(ORIGIN, RP_ID).register(victimOptions.body.data),
        password: PASSWORD,
      },
    });
    expect(crossed.status).toBe(400);
    expect((await api.call('GET', '/api/auth/passkeys', { token: attackerToken })).body.data).toHaveLength(1);
  });

  test('a cloned authenticator (its counter going backwards) is refused', async () => {
    const { authenticator } = await memberWithPasskey();
    expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(200);
    expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(200);
    // The clone was copied when the counter stood at 1: its next assertion says 2 again.
    authenticator.counter = 1;
    expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(401);
  });

  test('a credential whose backup eligibility changed is not the same authenticator, and is refused', async () => {
    const { authenticator } = await memberWithPasskey();
    expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(200);
    // Registered bound to its device; now it says it may be synced elsewhere (BE set).
    authenticator.synced = true;
    expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(401);
  });

  test("a member cannot remove another member's passkey", async () => {
    const victim = await memberWithPasskey();
    const attackerToken = await newMember();
    const removed = await api.call('POST', `/api/auth/passkeys/${victim.authenticator.id}/remove`, {
      token: attackerToken,
      body: {},
    });
    expect(removed.status).toBe(404);
    expect((await api.call('GET', '/api/auth/passkeys', { token: victim.token })).body.data).toHaveLength(1);
  });
});

test('passkey sign-in is throttled per client like the password sign-in', async () => {
  const throttled = await startTestApi({ security: { clientThrottles: { signIn: { count: 2, seconds: 60 } } } });
  try {
    const ask = () => throttled.call('POST', '/api/auth/passkeys/authentication-options', { body: {} });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await throttled.call('POST', '/api/auth/passkeys/sign-in', { body: {} })).status).toBe(429);
  } finally {
    await throttled.close();
  }
});

describe('deleting the account, confirmed with a passkey', () => {
  const deleteOptions = async (token: string) => {
    const reply = await api.call('POST', '/api/auth/passkeys/confirmation-options', { token, body: {} });
    expect(reply.status).toBe(200);
    return reply.body.data as { challenge: string; allowCredentials: { id: string }[] };
  };
  const deleteWith = (token: string, passkey: unknown) =>
    api.call('POST', '/api/account/delete', { token, body: { passkey } });
  const stillThere = async (token: string) => (await api.call('GET', '/api/auth/me', { token })).status === 200;

  test('a member whose password is off deletes with a passkey, never with the password', async () => {
    const { token, authenticator } = await memberWithPasskey();
    expect((await setPasswordSignIn(token, false)).status).toBe(200);
    const byPassword = await api.call('POST', '/api/account/delete', { token, body: { password: 'Secret@123' } });
    expect(byPassword.status).toBe(409);
    expect(byPassword.body.message).toBe(PASSKEY_TEXTS.confirmWithPasskey);
    expect(await stillThere(token)).toBe(true);

    const options = await deleteOptions(token);
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([authenticator.id]);
    const deleted = await deleteWith(token, authenticator.assert(options));
    expect(deleted.status).toBe(200);
    expect(await stillThere(token)).toBe(false);
    expect(api.store.data.passkeys.some((passkey) => passkey.id === authenticator.id)).toBe(false);
    expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(401);
  });

  test('a member without a passkey is told to use the password', async () => {
    const token = await newMember();
    const refused = await api.call('POST', '/api/auth/passkeys/confirmation-options', { token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PASSKEY_TEXTS.noPasskey);
  });

  test('attacks: foreign passkey, sign-in challenge, spent, late, cloned or phished assertions never delete', async () => {
    const { token, authenticator } = await memberWithPasskey();
    const other = await memberWithPasskey();
    const refusedWith = async (passkey: unknown, message: string) => {
      const reply = await deleteWith(token, passkey);
      // A 422, never a 401: a refused confirmation does not end the member's session.
      expect(reply.status).toBe(422);
      expect(reply.body.message).toBe(message);
    };
    // Another member's passkey, on this member's challenge.
    await refusedWith(other.authenticator.assert(await deleteOptions(token)), PASSKEY_TEXTS.confirmFailed);
    // A sign-in's challenge does not confirm, nor does a confirmation's challenge sign in.
    await refusedWith(authenticator.assert(await signInOptions()), PASSKEY_TEXTS.challengeSpent);
    expect((await signIn(authenticator.assert(await deleteOptions(token)))).status).toBe(401);
    // Another member's challenge.
    await refusedWith(authenticator.assert(await deleteOptions(other.token)), PASSKEY_TEXTS.challengeSpent);
    // Made on another origin.
    const phished = authenticator.assert(await deleteOptions(token), { origin: 'https://evil.example' });
    await refusedWith(phished, PASSKEY_TEXTS.confirmFailed);
    // Late.
    const late = await deleteOptions(token);
    api.clock.set(new Date(api.clock.now().getTime() + 5 * 60_000 + 1000).toISOString());
    await refusedWith(authenticator.assert(late), PASSKEY_TEXTS.challengeSpent);
    // A clone copied before the passkey's last use: its counter says that use's number again.
    expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(200);
    const counter = authenticator.counter;
    authenticator.counter = counter - 1;
    await refusedWith(authenticator.assert(await deleteOptions(token)), PASSKEY_TEXTS.confirmFailed);
    authenticator.counter = counter;
    expect(await stillThere(token)).toBe(true);
    expect(await stillThere(other.token)).toBe(true);

    // The right passkey on a live challenge of its own member deletes, once; its replay finds no account.
    const assertion = authenticator.assert(await deleteOptions(token));
    expect((await deleteWith(token, assertion)).status).toBe(200);
    expect((await deleteWith(token, assertion)).status).toBe(401);
    expect(await stillThere(other.token)).toBe(true);
  });
});
