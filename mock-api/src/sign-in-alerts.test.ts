import { randomBytes } from 'node:crypto';
import { DEFAULT_PORTAL_ORIGIN } from './app';
import { ALERT_LINK_INVALID, SIGN_IN_ALREADY_ENDED, SIGN_IN_ENDED } from './routes/auth';
import { ALERT_LINK_SECONDS, DEVICE_COOKIE } from './domain/sign-in-alerts';
import { SoftwareAuthenticator } from './testing/software-authenticator';
import { TEST_NOW, useTestApi } from './testing/test-api';
import { paths } from '@loyalty/shared/router/paths';

const api = useTestApi();
let members = 0;

const PASSWORD = 'Secret@123';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ALERT_SUBJECT = 'New sign-in to your account';
const NOT_ME = '/api/auth/sign-in-alerts/not-me';

/** A browser: its device cookie, once the API has set one. */
interface Browser {
  cookie?: string;
}

async function newMember(): Promise<string> {
  members += 1;
  const email = `alerts-${members}@example.com`;
  await api.registerMember(email, PASSWORD);
  return email;
}

/** Signs `email` in with a password from `browser`, keeping the cookie it is given, as a browser does. */
async function signIn(email: string, browser: Browser, userAgent = PHONE): Promise<string> {
  const reply = await api.call<{ token: string }>('POST', '/api/auth/login', {
    body: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent, ...(browser.cookie ? { cookie: browser.cookie } : {}) },
  });
  expect(reply.status).toBe(200);
  const setCookie = reply.headers.get('set-cookie') ?? '';
  browser.cookie = setCookie.split(';')[0];
  return reply.body.token;
}

type Mail = { subject: string; body: string; link?: string; code?: string };
const mailsOf = async (email: string) =>
  (await api.call<{ data: Mail[] }>('GET', `/api/dev/outbox?email=${encodeURIComponent(email)}`)).body.data;
const alertsOf = async (email: string) => (await mailsOf(email)).filter((mail) => mail.subject === ALERT_SUBJECT);
const tokenOf = (link: string) => link.split('#token=')[1]!;
const alive = async (token: string) => (await api.call('GET', '/api/auth/me', { token })).status;

/** The sessions the member of `token` sees that are not its own (each seen once, by `alertedMember`). */
async function otherSessionsOf(token: string): Promise<{ id: string }[]> {
  const reply = await api.call<{ data: { id: string; current: boolean }[] }>('GET', '/api/account/sessions', { token });
  return reply.body.data.filter((view) => !view.current);
}

/** A member signed in on a known browser, then from a new one, and the alert's link token. */
async function alertedMember() {
  const email = await newMember();
  const home = await signIn(email, {});
  const stranger = await signIn(email, {});
  // The stranger's browser makes its first request, as a signed-in page does: its session is listed.
  expect(await alive(stranger)).toBe(200);
  const [alert] = await alertsOf(email);
  return { email, home, stranger, linkToken: tokenOf(alert!.link!) };
}

describe('sign-in alerts', () => {
  test("the account's first sign-in alarms no one; its browser gets a long-lived, script-proof device cookie", async () => {
    const email = await newMember();
    const reply = await api.call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    const setCookie = reply.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{43}; Max-Age=34560000; Path=/api/auth;`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(await alertsOf(email)).toEqual([]);
  });

  test('the same browser signing in again is known; a new one gets the member an e-mail', async () => {
    const email = await newMember();
    const home: Browser = {};
    await signIn(email, home);
    await signIn(email, home);
    expect(await alertsOf(email)).toEqual([]);

    await signIn(email, {}, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0');
    const [alert] = await alertsOf(email);
    expect(alert!.body).toContain('with a password from a device it has not used before: Chrome 131 on Linux');
    expect(alert!.body).toContain('on 15 January 2026 at 12:00 UTC');
    expect(alert!.link).toMatch(new RegExp(`^${DEFAULT_PORTAL_ORIGIN}${paths.auth.notMe}#token=[\\w-]{43}$`));
    expect(alert!.body).toContain(alert!.link);
  });

  test('a device cookie made up by the signer is a new device, not a known one', async () => {
    const email = await newMember();
    await signIn(email, {});
    await signIn(email, { cookie: `${DEVICE_COOKIE}=${randomBytes(32).toString('base64url')}` });
    await signIn(email, { cookie: `${DEVICE_COOKIE}=../../etc` });
    expect(await alertsOf(email)).toHaveLength(2);
  });

  test('a passkey sign-in from a new device alerts as a password one does', async () => {
    const email = await newMember();
    const home = await signIn(email, {});
    const authenticator = new SoftwareAuthenticator(DEFAULT_PORTAL_ORIGIN, new URL(DEFAULT_PORTAL_ORIGIN).hostname);
    const options = await api.call('POST', '/api/auth/passkeys/registration-options', { token: home, body: {} });
    const added = await api.call('POST', '/api/auth/passkeys/register', {
      token: home,
      body: { response: authenticator.register(options.body.data), password: 'Secret@123' },
    });
    expect(added.status).toBe(201);
    const challenge = await api.call('POST', '/api/auth/passkeys/authentication-options', { body: {} });
    const signedIn = await api.call('POST', '/api/auth/passkeys/sign-in', {
      body: { response: authenticator.assert(challenge.body.data) },
      headers: { 'user-agent': PHONE },
    });
    expect(signedIn.status).toBe(200);
    const [alert] = await alertsOf(email);
    expect(alert!.body).toContain('with a passkey from a device it has not used before: Safari 17 on iOS 17');
  });

  test("'this wasn't me' ends that session at once, keeps the others, and starts a reset", async () => {
    const { email, home, stranger, linkToken } = await alertedMember();
    expect(await alive(stranger)).toBe(200);
    const reply = await api.call('POST', NOT_ME, { body: { token: linkToken } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: SIGN_IN_ENDED,
      data: { email, sessionEnded: true, resendAfter: expect.any(Number) },
    });
    expect(await alive(stranger)).toBe(401);
    expect(await alive(home)).toBe(200);
    const [reset] = await mailsOf(email);
    expect(reset).toMatchObject({ subject: 'Reset your password', code: expect.any(String) });
    const verified = await api.call('POST', '/api/auth/verify-otp', {
      body: { email, otp: reset!.code, purpose: 'reset' },
    });
    expect(verified.status).toBe(200);
  });

  test('attack: a replayed link does nothing the second time', async () => {
    const { email, linkToken } = await alertedMember();
    expect((await api.call('POST', NOT_ME, { body: { token: linkToken } })).status).toBe(200);
    const mails = (await mailsOf(email)).length;
    const replayed = await api.call('POST', NOT_ME, { body: { token: linkToken } });
    expect(replayed.status).toBe(422);
    expect(replayed.body.message).toBe(ALERT_LINK_INVALID);
    expect(await mailsOf(email)).toHaveLength(mails);
  });

  test("attack: a member's own link, sent with another member's session, ends only the link's", async () => {
    const victim = await alertedMember();
    const attacker = await alertedMember();
    const [victimSession] = await otherSessionsOf(victim.home);
    const reply = await api.call('POST', NOT_ME, {
      body: { token: attacker.linkToken, sessionId: victimSession!.id, email: victim.email },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.email).toBe(attacker.email);
    expect(await alive(attacker.stranger)).toBe(401);
    expect(await alive(victim.stranger)).toBe(200);
    expect(await alive(victim.home)).toBe(200);
    expect((await mailsOf(victim.email)).filter((mail) => mail.subject === 'Reset your password')).toEqual([]);
  });

  test('attack: guessed and malformed tokens end nothing and answer 4xx', async () => {
    const { stranger } = await alertedMember();
    const guesses: unknown[] = [
      ...Array.from({ length: 20 }, () => randomBytes(32).toString('base64url')),
      '',
      'x'.repeat(201),
      { $ne: null },
      null,
    ];
    for (const token of guesses) {
      const reply = await api.call('POST', NOT_ME, { body: { token } });
      expect(reply.status).toBe(422);
    }
    expect((await api.call('POST', NOT_ME, { rawBody: '{"token":' })).status).toBe(400);
    expect(await alive(stranger)).toBe(200);
  });

  test('attack: a link for a session already ended still starts the reset, and revives nothing', async () => {
    const { email, home, stranger, linkToken } = await alertedMember();
    // The member ended it from the sessions page before opening the mail.
    const [other] = await otherSessionsOf(home);
    expect((await api.call('POST', `/api/account/sessions/${other!.id}/end`, { token: home })).status).toBe(200);
    const reply = await api.call('POST', NOT_ME, { body: { token: linkToken } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ message: SIGN_IN_ALREADY_ENDED, data: { sessionEnded: false } });
    expect(await alive(stranger)).toBe(401);
    expect((await mailsOf(email))[0]).toMatchObject({ subject: 'Reset your password' });
  });

  test('attack: a link opened after it expired ends nothing', async () => {
    const { stranger, linkToken } = await alertedMember();
    api.clock.set(new Date(Date.parse(TEST_NOW) + ALERT_LINK_SECONDS * 1000 + 1000).toISOString());
    expect((await api.call('POST', NOT_ME, { body: { token: linkToken } })).status).toBe(422);
    expect(await alive(stranger)).toBe(200);
  });
});
