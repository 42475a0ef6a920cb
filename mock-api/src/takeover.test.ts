import { PASSKEY_TEXTS } from '@loyalty/shared/api/messages';
import { DEFAULT_PORTAL_ORIGIN } from './app';
import { SIGN_IN_ENDED } from './routes/auth';
import { TOO_MANY_ATTEMPTS } from './security/client-throttles';
import { SoftwareAuthenticator } from './testing/software-authenticator';
import { TEST_NOW, startTestApi, useTestApi, type TestApi } from './testing/test-api';

// Decision 067, "Taking over with a phished password": a change to the ways into an account needs
// the member at the keyboard, is e-mailed to them, and a "this wasn't me" undoes it.

const ORIGIN = DEFAULT_PORTAL_ORIGIN;
const RP_ID = new URL(ORIGIN).hostname;
const PASSWORD = 'Secret@123';
const THIEF_BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
type Mail = { subject: string; body: string; link?: string; code?: string };

const api = useTestApi();
let members = 0;

const mailsOf = async (email: string) =>
  (await api.call<{ data: Mail[] }>('GET', `/api/dev/outbox?email=${encodeURIComponent(email)}`)).body.data;

/** A password sign-in from a browser holding `cookie` (none: a device the account has not used). */
async function signIn(email: string, password = PASSWORD, cookie?: string) {
  const reply = await api.call<{ token: string }>('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'user-agent': THIEF_BROWSER, ...(cookie ? { cookie } : {}) },
  });
  return {
    status: reply.status,
    token: reply.body.token,
    cookie: (reply.headers.get('set-cookie') ?? '').split(';')[0],
  };
}

/** A registered member signed in at home (their first device, so no alert), and their address. */
async function memberAtHome() {
  members += 1;
  const email = `takeover-${members}@example.com`;
  await api.registerMember(email, PASSWORD);
  const home = await signIn(email);
  expect(home.status).toBe(200);
  return { email, home };
}

async function addPasskey(token: string, key: SoftwareAuthenticator, confirmation: object = { password: PASSWORD }) {
  const options = await api.call('POST', '/api/auth/passkeys/registration-options', { token, body: {} });
  expect(options.status).toBe(200);
  return api.call('POST', '/api/auth/passkeys/register', {
    token,
    headers: { 'user-agent': THIEF_BROWSER },
    body: { response: key.register(options.body.data), ...confirmation },
  });
}

const setPasswordSignIn = (token: string, enabled: boolean, confirmation: object = { password: PASSWORD }) =>
  api.call('POST', '/api/auth/password-sign-in', {
    token,
    headers: { 'user-agent': THIEF_BROWSER },
    body: { enabled, ...confirmation },
  });

async function passkeyConfirmation(token: string, key: SoftwareAuthenticator) {
  const options = await api.call('POST', '/api/auth/passkeys/confirmation-options', { token, body: {} });
  expect(options.status).toBe(200);
  return { passkey: key.assert(options.body.data) };
}

async function passkeySignIn(key: SoftwareAuthenticator) {
  const options = await api.call('POST', '/api/auth/passkeys/authentication-options', { body: {} });
  return api.call<{ token: string }>('POST', '/api/auth/passkeys/sign-in', {
    body: { response: key.assert(options.body.data) },
  });
}

const passkeysOf = async (token: string) => (await api.call('GET', '/api/auth/passkeys', { token })).body;

/** Opens the "this wasn't me" link of the latest mail with `subject`, then resets by code to `password`. */
async function notMeThenReset(email: string, subject: string, password = 'New@12345') {
  const mail = (await mailsOf(email)).find((candidate) => candidate.subject === subject);
  const notMe = await api.call('POST', '/api/auth/sign-in-alerts/not-me', {
    body: { token: mail!.link!.split('#token=')[1] },
  });
  expect(notMe.status).toBe(200);
  const code = (await mailsOf(email)).find((candidate) => candidate.subject === 'Reset your password')!.code!;
  const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp: code, purpose: 'reset' } });
  const reset = await api.call('POST', '/api/auth/set-password', {
    body: { resetToken: verified.body.data.resetToken, password, confirmPassword: password },
  });
  expect(reset.status).toBe(200);
  return notMe;
}

describe('step-up: the member at the keyboard, in the same request', () => {
  test('adding a passkey needs the password: missing or wrong is a 422 and adds nothing', async () => {
    const { home } = await memberAtHome();
    const key = new SoftwareAuthenticator(ORIGIN, RP_ID);
    const missing = await addPasskey(home.token, key, {});
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(PASSKEY_TEXTS.confirmNeeded);
    const wrong = await addPasskey(home.token, key, { password: 'Wrong@1234' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      message: PASSKEY_TEXTS.passwordIncorrect,
      errors: { password: PASSKEY_TEXTS.passwordIncorrect },
    });
    expect((await passkeysOf(home.token)).data).toEqual([]);
    // The options check a password given to them, before the device makes a key a refusal would orphan.
    const early = await api.call('POST', '/api/auth/passkeys/registration-options', {
      token: home.token,
      body: { password: 'Wrong@1234' },
    });
    expect(early.status).toBe(422);
    expect(early.body.message).toBe(PASSKEY_TEXTS.passwordIncorrect);
    expect((await addPasskey(home.token, key)).status).toBe(201);
    expect((await passkeysOf(home.token)).data).toHaveLength(1);
  });

  test('turning password sign-in off needs the password; with it off, a passkey of the member', async () => {
    const { email, home } = await memberAtHome();
    const key = new SoftwareAuthenticator(ORIGIN, RP_ID);
    expect((await addPasskey(home.token, key)).status).toBe(201);
    expect((await setPasswordSignIn(home.token, false, {})).status).toBe(422);
    expect((await setPasswordSignIn(home.token, false, { password: 'Wrong@1234' })).status).toBe(422);
    expect((await passkeysOf(home.token)).passwordSignIn).toBe(true);
    expect((await signIn(email, PASSWORD, home.cookie)).status).toBe(200);

    expect((await setPasswordSignIn(home.token, false)).status).toBe(200);
    // Off now: the password confirms nothing more; a passkey of this member does, once.
    const session = (await passkeySignIn(key)).body.token;
    const byPassword = await addPasskey(session, new SoftwareAuthenticator(ORIGIN, RP_ID));
    expect(byPassword.status).toBe(409);
    expect(byPassword.body.message).toBe(PASSKEY_TEXTS.confirmWithPasskey);
    const confirmation = await passkeyConfirmation(session, key);
    expect((await addPasskey(session, new SoftwareAuthenticator(ORIGIN, RP_ID), confirmation)).status).toBe(201);
    const replayed = await addPasskey(session, new SoftwareAuthenticator(ORIGIN, RP_ID), confirmation);
    expect(replayed.status).toBe(422);

    // Another member's passkey, over a challenge of theirs, confirms nothing for this one.
    const other = await memberAtHome();
    const otherKey = new SoftwareAuthenticator(ORIGIN, RP_ID);
    expect((await addPasskey(other.home.token, otherKey)).status).toBe(201);
    const foreign = await addPasskey(
      session,
      new SoftwareAuthenticator(ORIGIN, RP_ID),
      await passkeyConfirmation(other.home.token, otherKey),
    );
    expect(foreign.status).toBe(422);
    expect((await passkeysOf(session)).data).toHaveLength(2);
  });
});

describe('guessing the confirmation', () => {
  let limited: TestApi;
  beforeAll(async () => {
    limited = await startTestApi({ security: { clientThrottles: { signIn: { count: 6, seconds: 900 } } } });
  });
  afterAll(() => limited.close());

  test("spends the client's sign-in budget, and never locks the member's account", async () => {
    const email = 'guessed@example.com';
    const withPasskey = await limited.registerMember(email, PASSWORD);
    const key = new SoftwareAuthenticator(ORIGIN, RP_ID);
    const options = await limited.call('POST', '/api/auth/passkeys/registration-options', {
      token: withPasskey,
      body: {},
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const reply = await limited.call('POST', '/api/auth/passkeys/register', {
        token: withPasskey,
        headers: { 'x-forwarded-for': '203.0.113.10' },
        body: { response: key.register(options.body.data), password: `Guess@${2000 + attempt}` },
      });
      statuses.push(reply.status);
      if (reply.status === 429) expect(reply.body.message).toBe(TOO_MANY_ATTEMPTS);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 422, 429]);
    expect(limited.store.data.passkeys).toEqual([]);
    // The account is not locked: its owner signs in from their own client at once.
    const owner = await limited.call('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
    });
    expect(owner.status).toBe(200);
    expect(limited.store.data.members.find((member) => member.email === email)).toMatchObject({
      failedLogins: 0,
      locked: false,
    });
  });
});

describe('telling the member', () => {
  test('a passkey added and password sign-in off each e-mail the device, the time and a link that ends that session', async () => {
    const { email, home } = await memberAtHome();
    const key = new SoftwareAuthenticator(ORIGIN, RP_ID);
    expect((await addPasskey(home.token, key)).status).toBe(201);
    expect((await setPasswordSignIn(home.token, false)).status).toBe(200);
    const mails = await mailsOf(email);
    const when = 'on 15 January 2026 at 12:00 UTC';
    for (const [subject, words] of [
      ['A passkey was added to your account', 'A passkey, "Chrome on Windows'],
      ['Password sign-in was turned off', 'Password sign-in was turned off for your account'],
    ] as const) {
      const mail = mails.find((candidate) => candidate.subject === subject);
      expect(mail).toBeDefined();
      expect(mail!.body).toContain(words);
      expect(mail!.body).toContain('from Chrome 140 on Windows');
      expect(mail!.body).toContain(when);
      expect(mail!.link).toContain('/auth/not-me#token=');
      expect(mail!.body).toContain(mail!.link);
    }
    // Refused changes tell no one.
    await addPasskey(home.token, new SoftwareAuthenticator(ORIGIN, RP_ID), { password: 'Wrong@1234' });
    expect(await mailsOf(email)).toHaveLength(mails.length);
  });
});

describe('undo on "this wasn\'t me"', () => {
  test('a thief with a phished password adds a passkey and turns the password off; the member gets it all back', async () => {
    const { email, home } = await memberAtHome();
    const memberKey = new SoftwareAuthenticator(ORIGIN, RP_ID);
    expect((await addPasskey(home.token, memberKey)).status).toBe(201);

    // The thief signs in from a new device, adds their own passkey, turns password sign-in off.
    const thief = await signIn(email);
    expect(thief.status).toBe(200);
    const thiefKey = new SoftwareAuthenticator(ORIGIN, RP_ID);
    expect((await addPasskey(thief.token, thiefKey)).status).toBe(201);
    expect((await setPasswordSignIn(thief.token, false)).status).toBe(200);
    // The thief's passkey signs in (a session descending from the thief's), and tries again later.
    const thiefAgain = await passkeySignIn(thiefKey);
    expect(thiefAgain.status).toBe(200);

    // The member answers the alert of the passkey's addition: "this wasn't me", then the reset.
    const notMe = await notMeThenReset(email, 'A passkey was added to your account');
    expect(notMe.body.message).toBe(SIGN_IN_ENDED);

    // The new password signs in at once; the thief's passkey and its session are refused.
    const member = await signIn(email, 'New@12345', home.cookie);
    expect(member.status).toBe(200);
    expect((await passkeySignIn(thiefKey)).status).toBe(401);
    expect((await api.call('GET', '/api/auth/me', { token: thiefAgain.body.token })).status).toBe(401);
    const left = await passkeysOf(member.token);
    expect(left).toMatchObject({ passwordSignIn: true });
    expect(left.data.map((passkey: { id: string }) => passkey.id)).toEqual([memberKey.id]);
    // The member's own passkey, added from their own session, still signs in.
    expect((await passkeySignIn(memberKey)).status).toBe(200);
    // And days later nothing has come back.
    api.clock.set(new Date(Date.parse(TEST_NOW) + 4 * 24 * 3600_000).toISOString());
    expect((await signIn(email, 'New@12345', home.cookie)).status).toBe(200);
  });

  test("the sign-in alert's link undoes it too, with what the thief's passkey session added", async () => {
    const { email, home } = await memberAtHome();
    const thief = await signIn(email);
    const thiefKey = new SoftwareAuthenticator(ORIGIN, RP_ID);
    expect((await addPasskey(thief.token, thiefKey)).status).toBe(201);
    // From the passkey's session, confirmed by that passkey: a second key, and the password off.
    const viaPasskey = (await passkeySignIn(thiefKey)).body.token;
    const secondKey = new SoftwareAuthenticator(ORIGIN, RP_ID);
    expect((await addPasskey(viaPasskey, secondKey, await passkeyConfirmation(viaPasskey, thiefKey))).status).toBe(201);
    expect((await setPasswordSignIn(viaPasskey, false, await passkeyConfirmation(viaPasskey, secondKey))).status).toBe(
      200,
    );

    await notMeThenReset(email, 'New sign-in to your account');
    expect((await signIn(email, 'New@12345', home.cookie)).status).toBe(200);
    expect((await passkeySignIn(thiefKey)).status).toBe(401);
    expect((await passkeySignIn(secondKey)).status).toBe(401);
  });

  test('a password-off left with no passkey after the undo is cleared too: no one is locked out', async () => {
    const { email, home } = await memberAtHome();
    const thief = await signIn(email);
    expect((await addPasskey(thief.token, new SoftwareAuthenticator(ORIGIN, RP_ID))).status).toBe(201);
    // The member, at home, turns the password off while the thief's is the only passkey.
    expect((await setPasswordSignIn(home.token, false)).status).toBe(200);

    await notMeThenReset(email, 'New sign-in to your account');
    const member = await signIn(email, 'New@12345', home.cookie);
    expect(member.status).toBe(200);
    expect(await passkeysOf(member.token)).toEqual({ data: [], passwordSignIn: true });
  });
});
