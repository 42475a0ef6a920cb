import { signToken } from './auth/jwt';
import {
  ACCOUNT_LOCKED,
  INVALID_CREDENTIALS,
  INVALID_OTP,
  PASSWORD_RESET,
  REQUEST_SENT,
  UNVERIFIED,
} from './routes/auth';
import { CODES_SUSPENDED } from './domain/code-limits';
import { defaultMemberMenu } from './domain/menu';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { TEST_SECRET, startTestApi, type TestApi } from './testing/test-api';

let api: TestApi;
beforeAll(async () => {
  // No wait between failed sign-ins here (`SIGN_IN_SLOWDOWN=3/0s`): security.test.ts tests it.
  api = await startTestApi({ security: { signInSlowdown: { waitSeconds: 0 } } });
});
afterAll(() => api.close());

const later = (minutes: number) => new Date(api.clock.now().getTime() + minutes * 60_000).toISOString();

describe('login', () => {
  test('the demo member signs in and gets a signed token with exp and their user', async () => {
    const reply = await api.call('POST', '/api/auth/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    expect(reply.status).toBe(200);
    const [header, payload] = (reply.body.token as string).split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3600);
    expect(reply.body.data).toMatchObject({
      Email: DEMO_EMAIL,
      RelationReference: DEMO_EMAIL,
      FullName: 'Demo Member',
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/scrypt|passwordHash/);
  });

  test('unknown e-mail and wrong password get the same answer', async () => {
    const unknown = await api.call('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'Whatever@1' },
    });
    const wrong = await api.call('POST', '/api/auth/login', { body: { email: DEMO_EMAIL, password: 'Wrong@1234' } });
    expect(unknown).toMatchObject({ status: 401, body: { message: INVALID_CREDENTIALS } });
    expect(wrong).toMatchObject({ status: 401, body: { message: INVALID_CREDENTIALS } });
  });

  test('five consecutive failures lock the account until a password reset', async () => {
    const email = 'lockme@example.com';
    await api.registerMember(email, 'Right@1234');
    for (let attempt = 1; attempt <= 4; attempt++) {
      const reply = await api.call('POST', '/api/auth/login', { body: { email, password: 'Wrong@1234' } });
      expect(reply.body.message).toBe(INVALID_CREDENTIALS);
    }
    const fifth = await api.call('POST', '/api/auth/login', { body: { email, password: 'Wrong@1234' } });
    expect(fifth).toMatchObject({ status: 423, body: { message: ACCOUNT_LOCKED } });
    const right = await api.call('POST', '/api/auth/login', { body: { email, password: 'Right@1234' } });
    expect(right).toMatchObject({ status: 423, body: { message: ACCOUNT_LOCKED } });

    expect(await api.call('POST', '/api/auth/forgot-password', { body: { email } })).toMatchObject({
      status: 200,
      body: { message: REQUEST_SENT },
    });
    const otp = await api.latestCode(email);
    const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'reset' } });
    expect(verified.status).toBe(200);
    // The old password again is refused, and the reset token survives the refusal.
    const same = await api.call('POST', '/api/auth/set-password', {
      body: { resetToken: verified.body.data.resetToken, password: 'Right@1234', confirmPassword: 'Right@1234' },
    });
    expect(same).toMatchObject({
      status: 422,
      body: { errors: { password: 'New password must be different from old password' } },
    });
    const reset = await api.call('POST', '/api/auth/set-password', {
      body: { resetToken: verified.body.data.resetToken, password: 'Fresh@1234', confirmPassword: 'Fresh@1234' },
    });
    expect(reset).toMatchObject({ status: 200, body: { message: PASSWORD_RESET } });
    // The reset token is single-use.
    const again = await api.call('POST', '/api/auth/set-password', {
      body: { resetToken: verified.body.data.resetToken, password: 'Other@1234', confirmPassword: 'Other@1234' },
    });
    expect(again.status).toBe(422);
    await expect(api.login(email, 'Fresh@1234')).resolves.toEqual(expect.any(String));
  });

  test('a success in between resets the failure count', async () => {
    const email = 'counter@example.com';
    await api.registerMember(email, 'Right@1234');
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) {
        await api.call('POST', '/api/auth/login', { body: { email, password: 'Wrong@1234' } });
      }
      await expect(api.login(email, 'Right@1234')).resolves.toEqual(expect.any(String));
    }
  });
});

describe('registration and codes', () => {
  test('register creates an unverified member, mails a 4-digit code, and verify signs in', async () => {
    const email = 'new.member@example.com';
    const reply = await api.call('POST', '/api/auth/register', {
      body: { email, password: 'Secret@123', password2: 'Secret@123', firstname: 'Nina', lastname: 'Novak' },
    });
    expect(reply).toMatchObject({ status: 201, body: { email, accessToken: null, user: { email } } });
    const blocked = await api.call('POST', '/api/auth/login', { body: { email, password: 'Secret@123' } });
    expect(blocked.status).toBe(403);
    const otp = await api.latestCode(email);
    expect(otp).toMatch(/^\d{4}$/);
    const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'register' } });
    expect(verified.status).toBe(200);
    expect(verified.body.data.user).toMatchObject({ Email: email, FullName: 'Nina Novak', role: 'member' });
    const me = await api.call('GET', '/api/auth/me', { token: verified.body.data.accessToken });
    expect(me.body.data.Email).toBe(email);
    expect(me.body.data.menu).toEqual(defaultMemberMenu());
  });

  test('registering a verified address answers as for a new one, sends no code and tells the owner', async () => {
    const body = (email: string) => ({
      email,
      password: 'Secret@123',
      password2: 'Secret@123',
      firstname: 'A',
      lastname: 'B',
    });
    const taken = await api.call('POST', '/api/auth/register', { body: body(DEMO_EMAIL) });
    const fresh = await api.call('POST', '/api/auth/register', { body: body('fresh.address@example.com') });
    expect(taken.status).toBe(201);
    expect({ ...taken.body, email: undefined, user: undefined }).toEqual({
      ...fresh.body,
      email: undefined,
      user: undefined,
    });
    const [notice] = (await api.call('GET', `/api/dev/outbox?email=${DEMO_EMAIL}`)).body.data;
    expect(notice).toMatchObject({ subject: 'Someone tried to create an account with your address' });
    expect(notice.code).toBeUndefined();
    // Signing in with the password just registered answers the same for both addresses…
    for (const email of [DEMO_EMAIL, 'fresh.address@example.com']) {
      expect(await api.call('POST', '/api/auth/login', { body: { email, password: 'Secret@123' } })).toMatchObject({
        status: 403,
        body: { message: UNVERIFIED },
      });
    }
    // …and the owner's own password still signs the owner in.
    await expect(api.login(DEMO_EMAIL, DEMO_PASSWORD)).resolves.toEqual(expect.any(String));
  });

  test('password policy and matching are enforced with the texts of docs/product/limits.md', async () => {
    const reply = await api.call('POST', '/api/auth/register', {
      body: {
        email: 'weak@example.com',
        password: 'Secret@123',
        password2: 'Secret@124',
        firstname: 'A',
        lastname: 'B',
      },
    });
    expect(reply).toMatchObject({ status: 422, body: { errors: { password2: 'Passwords must match' } } });
    const weak = await api.call('POST', '/api/auth/register', {
      body: { email: 'weak@example.com', password: 'secret123', password2: 'secret123', firstname: 'A', lastname: 'B' },
    });
    expect(weak.body.errors.password).toMatch(/uppercase/);
  });

  test('a code expires after 10 minutes', async () => {
    const email = 'slow@example.com';
    await api.call('POST', '/api/auth/register', {
      body: { email, password: 'Secret@123', password2: 'Secret@123', firstname: 'S', lastname: 'L' },
    });
    const otp = await api.latestCode(email);
    const start = api.clock.now().toISOString();
    api.clock.set(later(10));
    try {
      const reply = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'register' } });
      expect(reply).toMatchObject({ status: 422, body: { message: INVALID_OTP } });
    } finally {
      api.clock.set(start);
    }
  });

  test('a code allows 5 tries, then even the right one fails; the guessing client is suspended', async () => {
    const email = 'guesser@example.com';
    await api.call('POST', '/api/auth/register', {
      body: { email, password: 'Secret@123', password2: 'Secret@123', firstname: 'G', lastname: 'U' },
    });
    const otp = await api.latestCode(email);
    const wrong = otp === '0000' ? '1111' : '0000';
    for (let attempt = 0; attempt < 5; attempt++) {
      const reply = await api.call('POST', '/api/auth/verify-otp', {
        body: { email, otp: wrong, purpose: 'register' },
      });
      expect(reply.body.message).toBe(INVALID_OTP);
    }
    // From the client that spent its budget of wrong codes for the address: its codes are suspended.
    const fromGuesser = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'register' } });
    expect(fromGuesser).toMatchObject({ status: 429, body: { message: CODES_SUSPENDED } });
    // From another client: the code itself is spent.
    const right = await api.call('POST', '/api/auth/verify-otp', {
      body: { email, otp, purpose: 'register' },
      headers: { 'x-forwarded-for': '198.51.100.44' },
    });
    expect(right).toMatchObject({ status: 422, body: { message: INVALID_OTP } });
  });

  test('four wrong tries still leave the right code usable', async () => {
    const email = 'careful@example.com';
    await api.call('POST', '/api/auth/register', {
      body: { email, password: 'Secret@123', password2: 'Secret@123', firstname: 'C', lastname: 'A' },
    });
    const otp = await api.latestCode(email);
    const wrong = otp === '0000' ? '1111' : '0000';
    for (let attempt = 0; attempt < 4; attempt++) {
      await api.call('POST', '/api/auth/verify-otp', { body: { email, otp: wrong, purpose: 'register' } });
    }
    const right = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'register' } });
    expect(right.status).toBe(200);
  });

  test('forgot-password answers the same for an unknown address and sends nothing', async () => {
    const reply = await api.call('POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.com' } });
    expect(reply).toMatchObject({ status: 200, body: { message: REQUEST_SENT } });
    const outbox = await api.call('GET', '/api/dev/outbox?email=ghost@example.com');
    expect(outbox.body.data).toEqual([]);
  });
});

describe('tokens', () => {
  test('missing, forged, expired and revoked tokens are refused with 401 Unauthorized', async () => {
    const unauthorized = { status: 401, body: { message: 'Unauthorized' } };
    expect(await api.call('GET', '/api/auth/me')).toMatchObject(unauthorized);
    const forged = signToken({ sub: 'mbr-demo-0001', pwv: 1 }, 'another-secret', 60).token;
    expect(await api.call('GET', '/api/auth/me', { token: forged })).toMatchObject(unauthorized);
    const expired = signToken({ sub: 'mbr-demo-0001', pwv: 1 }, TEST_SECRET, 60, Date.now() - 120_000).token;
    expect(await api.call('GET', '/api/auth/me', { token: expired })).toMatchObject(unauthorized);
    // Unsigned, and a payload that is not JSON (which a JWS parser reads before checking anything).
    const part = (text: string) => Buffer.from(text).toString('base64url');
    const [, claims, signature] = forged.split('.');
    const unsigned = `${part('{"alg":"none","typ":"JWT"}')}.${claims}.`;
    expect(await api.call('GET', '/api/auth/me', { token: unsigned })).toMatchObject(unauthorized);
    const notJson = `${part('{"alg":"HS256","typ":"JWT"}')}.${part('not json')}.${signature}`;
    expect(await api.call('GET', '/api/auth/me', { token: notJson })).toMatchObject(unauthorized);

    const token = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
    expect((await api.call('GET', '/api/auth/me', { token })).status).toBe(200);
    expect(await api.call('GET', '/api/auth/logout', { token })).toMatchObject({ status: 200 });
    expect(await api.call('GET', '/api/auth/me', { token })).toMatchObject(unauthorized);
  });

  test('a password change refuses every token issued before it', async () => {
    const email = 'changer@example.com';
    const first = await api.registerMember(email, 'Before@123');
    const second = await api.login(email, 'Before@123');
    const wrongOld = await api.call('POST', '/api/auth/change-password', {
      token: first,
      body: { oldPassword: 'Nope@1234', newPassword: 'After@1234', confirmPassword: 'After@1234' },
    });
    expect(wrongOld).toMatchObject({ status: 422, body: { errors: { oldPassword: expect.any(String) } } });
    const same = await api.call('POST', '/api/auth/change-password', {
      token: first,
      body: { oldPassword: 'Before@123', newPassword: 'Before@123', confirmPassword: 'Before@123' },
    });
    expect(same.body.errors.newPassword).toBe('New password must be different from old password');
    const changed = await api.call('POST', '/api/auth/change-password', {
      token: first,
      body: { oldPassword: 'Before@123', newPassword: 'After@1234', confirmPassword: 'After@1234' },
    });
    expect(changed.status).toBe(200);
    expect((await api.call('GET', '/api/auth/me', { token: first })).status).toBe(401);
    expect((await api.call('GET', '/api/auth/me', { token: second })).status).toBe(401);
    expect((await api.call('GET', '/api/auth/me', { token: changed.body.token })).status).toBe(200);
    await expect(api.login(email, 'After@1234')).resolves.toEqual(expect.any(String));
  });
});
