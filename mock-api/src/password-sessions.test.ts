import { PASSWORD_RESET } from './routes/auth';
import { useTestApi } from './testing/test-api';

/**
 * A password change or reset and the member's other sessions (docs/product/accounts.md, "Password
 * change and reset"; decision 079): they end or stay as the member chose, the changing one always
 * stays, and the answer says which happened (its message is the one docs/product/api.md names).
 */
const api = useTestApi();

const PASSWORD = 'Secret@123';
const NEW = 'Newer@1234';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A second, used session of `email` (another device), as the sessions page would list it. */
async function otherDevice(email: string, password = PASSWORD): Promise<string> {
  const reply = await api.call<{ token: string }>('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'user-agent': PHONE },
  });
  expect(reply.status).toBe(200);
  expect((await api.call('GET', '/api/auth/me', { token: reply.body.token })).status).toBe(200);
  return reply.body.token;
}

const meStatus = async (token: string) => (await api.call('GET', '/api/auth/me', { token })).status;
const sessionCount = async (token: string) =>
  (await api.call<{ data: unknown[] }>('GET', '/api/account/sessions', { token })).body.data.length;

function change(token: string, signOutOthers?: boolean) {
  return api.call<{ token: string; message: string; otherSessionsEnded: boolean }>(
    'POST',
    '/api/auth/change-password',
    {
      token,
      headers: { 'user-agent': PHONE },
      body: {
        oldPassword: PASSWORD,
        newPassword: NEW,
        confirmPassword: NEW,
        ...(signOutOthers === undefined ? {} : { signOutOthers }),
      },
    },
  );
}

/** A reset through the e-mailed code (asked for, unless `mailed` already), answering `set-password`'s reply. */
async function reset(email: string, signOutOthers?: boolean, { mailed = false, password = NEW } = {}) {
  if (!mailed) {
    expect((await api.call('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    // The code is made just after the answer (decision 036).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const otp = await api.latestCode(email);
  const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'reset' } });
  expect(verified.status).toBe(200);
  return api.call<{ message: string; otherSessionsEnded: boolean }>('POST', '/api/auth/set-password', {
    body: {
      resetToken: verified.body.data.resetToken,
      password,
      confirmPassword: password,
      ...(signOutOthers === undefined ? {} : { signOutOthers }),
    },
  });
}

describe('a password change and the other sessions', () => {
  test('"sign out everywhere else" ends the others; the changing session goes on with its new token', async () => {
    const laptop = await api.registerMember('ends@example.com', PASSWORD);
    const phone = await otherDevice('ends@example.com');
    const changed = await change(laptop, true);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ otherSessionsEnded: true, message: 'Password changed successfully' });
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(changed.body.token)).toBe(200);
    expect(await sessionCount(changed.body.token)).toBe(1);
  });

  test('keeping the others leaves them signed in, and the old token of this session ends', async () => {
    const laptop = await api.registerMember('keeps@example.com', PASSWORD);
    const phone = await otherDevice('keeps@example.com');
    const changed = await change(laptop, false);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ otherSessionsEnded: false, message: 'Password changed successfully' });
    expect(await meStatus(phone)).toBe(200);
    expect(await meStatus(changed.body.token)).toBe(200);
    // The token the change replaced is not a second session left behind.
    expect(await meStatus(laptop)).toBe(401);
    expect(await sessionCount(changed.body.token)).toBe(2);
    // The new password signs in, the old one does not.
    expect(
      (await api.call('POST', '/api/auth/login', { body: { email: 'keeps@example.com', password: NEW } })).status,
    ).toBe(200);
    expect(
      (await api.call('POST', '/api/auth/login', { body: { email: 'keeps@example.com', password: PASSWORD } })).status,
    ).toBe(401);
  });

  test('without a choice the others end, as before the choice existed', async () => {
    const laptop = await api.registerMember('default@example.com', PASSWORD);
    const phone = await otherDevice('default@example.com');
    const changed = await change(laptop);
    expect(changed.body.otherSessionsEnded).toBe(true);
    expect(await meStatus(phone)).toBe(401);
  });

  test('attack: a session kept across a change cannot change the password again until it signs in anew', async () => {
    const laptop = await api.registerMember('thief@example.com', PASSWORD);
    // The thief's session, signed in with a phished password.
    const thief = await otherDevice('thief@example.com');
    expect((await change(laptop, false)).status).toBe(200);
    // The thief still knows the old password only; and even with the new one, a kept session is
    // one of the old password's and must sign in with the new one to change the ways in.
    const again = await api.call('POST', '/api/auth/change-password', {
      token: thief,
      body: { oldPassword: NEW, newPassword: 'Thief@9999', confirmPassword: 'Thief@9999', signOutOthers: true },
    });
    expect(again.status).toBe(409);
    expect(
      (await api.call('POST', '/api/auth/login', { body: { email: 'thief@example.com', password: NEW } })).status,
    ).toBe(200);
  });

  test('a choice that is not a yes or no is refused with a message, and nothing changes', async () => {
    const laptop = await api.registerMember('odd@example.com', PASSWORD);
    const reply = await api.call('POST', '/api/auth/change-password', {
      token: laptop,
      body: { oldPassword: PASSWORD, newPassword: NEW, confirmPassword: NEW, signOutOthers: 'maybe' },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toEqual(expect.any(String));
    expect(await meStatus(laptop)).toBe(200);
  });
});

describe('a password change is never unseen', () => {
  test("attack: a thief's change is mailed; its link ends the thief's session and the reset signs out all", async () => {
    const member = await api.registerMember('unseen@example.com', PASSWORD);
    // The thief signs in with the phished password on a device of their own and changes it,
    // keeping the member signed in so that nothing looks wrong.
    const thief = await otherDevice('unseen@example.com');
    const changed = await change(thief, false);
    expect(changed.status).toBe(200);
    expect(await meStatus(member)).toBe(200);

    const mails = (await api.call('GET', '/api/dev/outbox?email=unseen@example.com')).body.data;
    const mail = mails.find((candidate: { subject: string }) => candidate.subject === 'Your password was changed');
    expect(mail.body).toContain('from Safari 17 on iOS 17 (mobile)');
    expect(mail.body).toContain('your other devices are still signed in');
    const token = (mail.link as string).split('#token=')[1];
    const notMe = await api.call('POST', '/api/auth/sign-in-alerts/not-me', { body: { token } });
    expect(notMe.status).toBe(200);
    expect(await meStatus(changed.body.token)).toBe(401);

    // The reset the link started signs out every device by default, the kept ones included.
    const done = await reset('unseen@example.com', undefined, { mailed: true, password: 'Mine@45678' });
    expect(done.body.otherSessionsEnded).toBe(true);
    expect(await meStatus(member)).toBe(401);
  });
});

describe('a password reset and the sessions', () => {
  test('by default a reset ends every session: the reason for a reset is often a thief', async () => {
    const laptop = await api.registerMember('reset-ends@example.com', PASSWORD);
    const phone = await otherDevice('reset-ends@example.com');
    const done = await reset('reset-ends@example.com');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ otherSessionsEnded: true, message: PASSWORD_RESET });
    expect(await meStatus(laptop)).toBe(401);
    expect(await meStatus(phone)).toBe(401);
  });

  test('a reset that keeps the sessions leaves them signed in, and says so', async () => {
    const laptop = await api.registerMember('reset-keeps@example.com', PASSWORD);
    const phone = await otherDevice('reset-keeps@example.com');
    const done = await reset('reset-keeps@example.com', false);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ otherSessionsEnded: false, message: PASSWORD_RESET });
    expect(await meStatus(laptop)).toBe(200);
    expect(await meStatus(phone)).toBe(200);
    expect(
      (await api.call('POST', '/api/auth/login', { body: { email: 'reset-keeps@example.com', password: NEW } })).status,
    ).toBe(200);
  });

  test('attack: sessions kept by one change are ended by a later change that signs out everywhere', async () => {
    const laptop = await api.registerMember('later@example.com', PASSWORD);
    const thief = await otherDevice('later@example.com');
    const kept = await change(laptop, false);
    expect(await meStatus(thief)).toBe(200);
    const ended = await api.call('POST', '/api/auth/change-password', {
      token: kept.body.token,
      body: { oldPassword: NEW, newPassword: 'Newest@12345', confirmPassword: 'Newest@12345', signOutOthers: true },
    });
    expect(ended.status).toBe(200);
    expect(await meStatus(thief)).toBe(401);
    expect(await meStatus(ended.body.token as string)).toBe(200);
  });
});
