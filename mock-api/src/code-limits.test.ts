import { CODES_SUSPENDED, CODE_SENT_RECENTLY } from './domain/code-limits';
import { INVALID_OTP } from './routes/auth';
import { DEMO_EMAIL } from './store/seed';
import { useTestApi } from './testing/test-api';

const api = useTestApi();

const advance = (seconds: number) => api.clock.set(new Date(api.clock.now().getTime() + seconds * 1000).toISOString());
const forgot = (email: string) => api.call('POST', '/api/auth/forgot-password', { body: { email } });
const verify = (email: string, otp: string, purpose: 'register' | 'reset' = 'reset', client?: string) =>
  api.call('POST', '/api/auth/verify-otp', {
    body: { email, otp, purpose },
    ...(client ? { headers: { 'x-forwarded-for': client } } : {}),
  });
const wrongFor = (code: string) => (code === '0000' ? '1111' : '0000');

test('one address gets one code of a purpose a minute, and says when the next may go', async () => {
  for (const email of ['cooldown@example.com', DEMO_EMAIL]) {
    const first = await forgot(email);
    expect(first).toMatchObject({ status: 200, body: { resendAfter: 60 } });
    const again = await forgot(email);
    expect(again).toMatchObject({ status: 429, body: { message: CODE_SENT_RECENTLY, retryAfter: 60 } });
    expect(again.headers.get('retry-after')).toBe('60');
    advance(60);
    expect((await forgot(email)).status).toBe(200);
  }
});

test('a registration code and a reset code have cool-downs of their own', async () => {
  const email = 'both.purposes@example.com';
  await api.registerMember(email);
  expect((await forgot(email)).status).toBe(200);
});

test('at most five codes an hour go to one address', async () => {
  const email = 'hourly@example.com';
  const statuses: number[] = [];
  for (let send = 0; send < 6; send++) {
    statuses.push((await forgot(email)).status);
    advance(61);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  const capped = await forgot(email);
  // The first of the five leaves the hour 3600 s after it was sent, 6 × 61 s ago.
  expect(Number(capped.headers.get('retry-after'))).toBe(3600 - 6 * 61);
});

test('ten wrong codes across codes, purposes and clients suspend the address for a day and tell the owner', async () => {
  const email = 'budget@example.com';
  await api.registerMember(email);
  advance(61);
  for (let code = 0; code < 2; code++) {
    expect((await forgot(email)).status).toBe(200);
    const live = await api.latestCode(email);
    for (let guess = 0; guess < 5; guess++) {
      // Each client may enter five wrong codes for an address: the second code's come from another.
      const reply = await verify(email, wrongFor(live), guess % 2 === 0 ? 'reset' : 'register', `192.0.2.${code + 1}`);
      expect(reply).toMatchObject({ status: 422, body: { message: INVALID_OTP } });
    }
    advance(61);
  }
  const [notice] = (await api.call('GET', `/api/dev/outbox?email=${email}`)).body.data;
  expect(notice.subject).toBe('Codes for your account are suspended');
  const refused = await verify(email, '1234');
  expect(refused).toMatchObject({ status: 429, body: { message: CODES_SUSPENDED } });
  expect(Number(refused.headers.get('retry-after'))).toBe(86_400 - 61);
  // A reset e-mail still goes, with its link and without a code, once the last one's link has
  // expired (30 minutes): the owner's way back in.
  expect(await forgot(email)).toMatchObject({ status: 429, body: { message: CODE_SENT_RECENTLY } });
  advance(30 * 60);
  expect(await forgot(email)).toMatchObject({ status: 200 });
  const [linkOnly] = (await api.call('GET', `/api/dev/outbox?email=${email}`)).body.data;
  expect(linkOnly).toMatchObject({ subject: 'Reset your password', link: expect.stringContaining('#token=') });
  expect(linkOnly.code).toBeUndefined();
  advance(86_400 - 30 * 60);
  expect((await forgot(email)).status).toBe(200);
  expect((await verify(email, await api.latestCode(email))).status).toBe(200);
});

test('an address without an account is answered exactly as a member is', async () => {
  const run = async (email: string) => {
    const statuses: number[] = [];
    for (let code = 0; code < 3; code++) {
      statuses.push((await forgot(email)).status, (await forgot(email)).status);
      for (let guess = 0; guess < 5; guess++) statuses.push((await verify(email, '0000')).status);
      advance(61);
    }
    return statuses;
  };
  await api.registerMember('equal.member@example.com');
  advance(61);
  const member = await run('equal.member@example.com');
  advance(86_400);
  const stranger = await run('stranger@example.com');
  expect(stranger).toEqual(member);
  expect(member.filter((status) => status === 429).length).toBeGreaterThan(5);
  expect((await api.call('GET', '/api/dev/outbox?email=stranger@example.com')).body.data).toEqual([]);
});
