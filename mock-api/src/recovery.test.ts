import { ACCOUNT_LOCKED, PASSWORD_RESET } from './routes/auth';
import { CODES_SUSPENDED } from './domain/code-limits';
import { paths } from '@loyalty/shared/router/paths';
import { clientKeyOf } from './security/client-throttles';
import { DEFAULT_SECURITY_SETTINGS } from './security/settings';
import { startTestApi, useTestApi } from './testing/test-api';

/**
 * The owner's ways back in that no one else can close: a lock that ends by itself, and the link of
 * every reset e-mail (and of the lock notice), which works once, for 30 minutes, whatever codes,
 * locks and other clients did.
 */
// No wait after three failed sign-ins (`SIGN_IN_SLOWDOWN=3/0s`): the locks come at once.
const api = useTestApi({
  portalOrigin: 'https://portal.example',
  security: { signInSlowdown: { afterFailures: 3, waitSeconds: 0 } },
});

const advance = (seconds: number) => api.clock.set(new Date(api.clock.now().getTime() + seconds * 1000).toISOString());
const wrongLogin = (email: string) => api.call('POST', '/api/auth/login', { body: { email, password: 'Wrong@1234' } });
const mails = async (email: string) =>
  (await api.call('GET', `/api/dev/outbox?email=${encodeURIComponent(email)}`)).body.data as {
    subject: string;
    body: string;
    code?: string;
    link?: string;
  }[];
const tokenOf = (link: string) => new URL(link).hash.replace(/^#token=/, '');
const setPassword = (resetToken: string, password: string) =>
  api.call('POST', '/api/auth/set-password', { body: { resetToken, password, confirmPassword: password } });
/** The link of a fresh reset e-mail to `email`. */
async function resetLink(email: string): Promise<string> {
  expect((await api.call('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
  const [mail] = await mails(email);
  expect(mail?.link).toBeDefined();
  return mail!.link!;
}

test('a lock ends by itself after 15 minutes, and its e-mail says so with a reset link', async () => {
  const email = 'locked.out@example.com';
  await api.registerMember(email, 'Right@1234');
  const statuses = [];
  for (let attempt = 0; attempt < 5; attempt++) statuses.push((await wrongLogin(email)).status);
  expect(statuses).toEqual([401, 401, 401, 401, 423]);
  const right = () => api.call('POST', '/api/auth/login', { body: { email, password: 'Right@1234' } });
  const locked = await right();
  expect(locked).toMatchObject({ status: 423, body: { message: ACCOUNT_LOCKED, retryAfter: 900 } });
  expect(locked.headers.get('retry-after')).toBe('900');
  const [notice] = await mails(email);
  expect(notice!.subject).toBe('Your account is locked for a while');
  expect(notice!.body).toContain('locked for 15 minutes; it opens again by itself');
  expect(notice!.link).toMatch(new RegExp(`^https://portal\\.example${paths.auth.resetLink}#token=[\\w-]{43}$`));
  expect(notice!.body).toContain(notice!.link);
  advance(899);
  expect((await right()).status).toBe(423);
  advance(1);
  expect((await right()).status).toBe(200);
  // The count started again: four wrong passwords do not lock it.
  for (let attempt = 0; attempt < 4; attempt++) expect((await wrongLogin(email)).status).toBe(401);
});

test('an address without an account locks and opens again the same way', async () => {
  const statuses = async (email: string) => {
    const seen = [];
    for (let attempt = 0; attempt < 6; attempt++) seen.push((await wrongLogin(email)).status);
    advance(900);
    seen.push((await wrongLogin(email)).status);
    return seen;
  };
  await api.registerMember('lock.member@example.com', 'Right@1234');
  const member = await statuses('lock.member@example.com');
  expect(await statuses('lock.stranger@example.com')).toEqual(member);
  expect(member).toEqual([401, 401, 401, 401, 423, 423, 401]);
  expect(await mails('lock.stranger@example.com')).toEqual([]);
});

test('the link of the lock notice resets the password and unlocks at once', async () => {
  const email = 'notice.link@example.com';
  await api.registerMember(email, 'Right@1234');
  for (let attempt = 0; attempt < 5; attempt++) await wrongLogin(email);
  const [notice] = await mails(email);
  expect(await setPassword(tokenOf(notice!.link!), 'Fresh@1234')).toMatchObject({
    status: 200,
    body: { message: PASSWORD_RESET },
  });
  await expect(api.login(email, 'Fresh@1234')).resolves.toEqual(expect.any(String));
});

test('a reset link works once', async () => {
  const email = 'link.once@example.com';
  await api.registerMember(email, 'Right@1234');
  const link = await resetLink(email);
  expect(link.startsWith(`https://portal.example${paths.auth.resetLink}#token=`)).toBe(true);
  expect((await setPassword(tokenOf(link), 'Fresh@1234')).status).toBe(200);
  expect(await setPassword(tokenOf(link), 'Other@1234')).toMatchObject({
    status: 422,
    body: { errors: { resetToken: 'Invalid or expired reset token' } },
  });
  await expect(api.login(email, 'Fresh@1234')).resolves.toEqual(expect.any(String));
});

test('a reset link is refused once its 30 minutes have passed', async () => {
  const email = 'link.late@example.com';
  await api.registerMember(email, 'Right@1234');
  const link = await resetLink(email);
  advance(DEFAULT_SECURITY_SETTINGS.resetLinkSeconds);
  expect((await setPassword(tokenOf(link), 'Fresh@1234')).status).toBe(422);
  await expect(api.login(email, 'Right@1234')).resolves.toEqual(expect.any(String));
});

test("a link resets only the member it was sent to, and using it leaves another member's link live", async () => {
  await api.registerMember('link.owner@example.com', 'Owner@1234');
  await api.registerMember('link.other@example.com', 'Other@1234');
  const owners = await resetLink('link.owner@example.com');
  const others = await resetLink('link.other@example.com');
  expect((await setPassword(tokenOf(owners), 'Fresh@1234')).status).toBe(200);
  await expect(api.login('link.other@example.com', 'Other@1234')).resolves.toEqual(expect.any(String));
  await expect(api.login('link.owner@example.com', 'Fresh@1234')).resolves.toEqual(expect.any(String));
  // The owner's link, used, does not reset the other member a second time.
  expect((await setPassword(tokenOf(owners), 'Again@1234')).status).toBe(422);
  expect((await setPassword(tokenOf(others), 'Fresh@5678')).status).toBe(200);
  await expect(api.login('link.other@example.com', 'Fresh@5678')).resolves.toEqual(expect.any(String));
});

test('a password change ends the links and reset codes mailed before it', async () => {
  const email = 'link.changed@example.com';
  const token = await api.registerMember(email, 'Right@1234');
  const link = await resetLink(email);
  const code = await api.latestCode(email);
  const changed = await api.call('POST', '/api/auth/change-password', {
    token,
    body: { oldPassword: 'Right@1234', newPassword: 'Fresh@1234', confirmPassword: 'Fresh@1234' },
  });
  expect(changed.status).toBe(200);
  // Whoever holds the old mail can no longer undo the change.
  expect(await setPassword(tokenOf(link), 'Other@1234')).toMatchObject({
    status: 422,
    body: { errors: { resetToken: 'Invalid or expired reset token' } },
  });
  const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp: code, purpose: 'reset' } });
  expect(verified.status).toBe(422);
  await expect(api.login(email, 'Fresh@1234')).resolves.toEqual(expect.any(String));
});

test('a reset through a link ends the code mailed with it, and the other links', async () => {
  const email = 'link.reset.code@example.com';
  await api.registerMember(email, 'Right@1234');
  const first = await resetLink(email);
  advance(61);
  const second = await resetLink(email);
  const code = await api.latestCode(email);
  expect((await setPassword(tokenOf(second), 'Fresh@1234')).status).toBe(200);
  // The same mail (or the one before) must not reset the password a second time.
  expect(await setPassword(tokenOf(first), 'Other@1234')).toMatchObject({
    status: 422,
    body: { errors: { resetToken: 'Invalid or expired reset token' } },
  });
  const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp: code, purpose: 'reset' } });
  expect(verified.status).toBe(422);
  await expect(api.login(email, 'Fresh@1234')).resolves.toEqual(expect.any(String));
});

test("asking for another reset e-mail does not kill the owner's earlier link", async () => {
  const email = 'link.kept@example.com';
  await api.registerMember(email, 'Right@1234');
  const first = await resetLink(email);
  advance(61);
  await resetLink(email);
  expect((await setPassword(tokenOf(first), 'Fresh@1234')).status).toBe(200);
});

test('with codes suspended and the account locked, the link still gets the owner back in', async () => {
  const email = 'besieged@example.com';
  await api.registerMember(email, 'Right@1234');
  advance(61);
  for (let code = 0; code < 2; code++) {
    await api.call('POST', '/api/auth/forgot-password', { body: { email } });
    for (let guess = 0; guess < 5; guess++) {
      await api.call('POST', '/api/auth/verify-otp', {
        body: { email, otp: '0000', purpose: 'reset' },
        headers: { 'x-forwarded-for': `198.51.100.${code + 100}` },
      });
    }
    advance(61);
  }
  for (let attempt = 0; attempt < 5; attempt++) await wrongLogin(email);
  const suspended = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp: '1234', purpose: 'reset' } });
  expect(suspended).toMatchObject({ status: 429, body: { message: CODES_SUSPENDED } });
  advance(30 * 60);
  const link = await resetLink(email);
  expect((await mails(email))[0]!.code).toBeUndefined();
  expect((await setPassword(tokenOf(link), 'Fresh@1234')).status).toBe(200);
  await expect(api.login(email, 'Fresh@1234')).resolves.toEqual(expect.any(String));
});

test("another client's wrong codes do not suspend the owner's", async () => {
  const email = 'own.budget@example.com';
  await api.registerMember(email, 'Right@1234');
  advance(61);
  await api.call('POST', '/api/auth/forgot-password', { body: { email } });
  const code = await api.latestCode(email);
  const attacker = { 'x-forwarded-for': '203.0.113.66' };
  const wrong = code === '0000' ? '1111' : '0000';
  for (let guess = 0; guess < 4; guess++) {
    await api.call('POST', '/api/auth/verify-otp', {
      body: { email, otp: wrong, purpose: 'reset' },
      headers: attacker,
    });
  }
  advance(61);
  await api.call('POST', '/api/auth/forgot-password', { body: { email } });
  const fresh = await api.latestCode(email);
  // A fifth wrong code suspends the attacker's client for the address, and no one else.
  await api.call('POST', '/api/auth/verify-otp', { body: { email, otp: wrong, purpose: 'reset' }, headers: attacker });
  const attackers = await api.call('POST', '/api/auth/verify-otp', {
    body: { email, otp: fresh, purpose: 'reset' },
    headers: attacker,
  });
  expect(attackers).toMatchObject({ status: 429, body: { message: CODES_SUSPENDED } });
  const owners = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp: fresh, purpose: 'reset' } });
  expect(owners.status).toBe(200);
});

describe('one key per client', () => {
  test('an IPv6 address is keyed by its /64, an IPv4-mapped address as IPv4', () => {
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKeyOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKeyOf('::ffff:c000:207')).toBe('192.0.2.7');
    expect(clientKeyOf('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKeyOf('::1')).toBe('::/64');
  });

  test('every address of a /64, and both forms of an IPv4 address, share one budget', async () => {
    const throttled = await startTestApi({
      security: { clientThrottles: { passwordResets: { count: 2, seconds: 3600 } } },
    });
    try {
      const ask = (client: string) =>
        throttled.call('POST', '/api/auth/forgot-password', {
          body: { email: `${client.replace(/[:.]/g, '-')}@example.com` },
          headers: { 'x-forwarded-for': client },
        });
      expect([(await ask('2001:db8:7:7::1')).status, (await ask('2001:db8:7:7:ffff::2')).status]).toEqual([200, 200]);
      expect((await ask('2001:db8:7:7:1234:5678:9abc:def0')).status).toBe(429);
      expect((await ask('2001:db8:7:8::1')).status).toBe(200);
      expect([(await ask('198.51.100.77')).status, (await ask('::ffff:198.51.100.77')).status]).toEqual([200, 200]);
      expect((await ask('::ffff:c633:644d')).status).toBe(429);
    } finally {
      await throttled.close();
    }
  });
});
