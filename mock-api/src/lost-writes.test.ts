import { DEMO_MEMBER_ID } from './store/seed';
import { startTestApi, type TestApi } from './testing/test-api';

/**
 * Every write that awaits between reading and writing (a password hash) races writes that are
 * refused meanwhile: a booking id that does not exist, a redemption over the balance, a sold-out
 * reward. A refused write must leave the state as it was, and never undo or swallow the write in
 * flight: 100 tries of each, none lost.
 */
jest.setTimeout(120_000);

const TRIES = 100;

let api: TestApi;
let refuser: string;

beforeAll(async () => {
  api = await startTestApi({
    // Many codes to one address, back to back, and sign-ins that never wait.
    security: {
      codeCooldownSeconds: 0,
      codeSends: { count: 10_000, seconds: 3600 },
      codeBudget: { count: 10_000, seconds: 3600 },
      signInSlowdown: { afterFailures: 3, waitSeconds: 0 },
    },
  });
  refuser = await api.registerMember('refuser@example.com');
});
afterAll(() => api.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Three writes that are refused, sent at once and again a little later, while `write` is in flight. */
async function alongsideRefusedWrites<T>(write: () => Promise<T>): Promise<T> {
  const refuse = () =>
    Promise.all([
      api.call('POST', '/api/user/points/claim', {
        token: refuser,
        body: { bookingId: 'BK-NONE', bookingDate: '2025-01-01' },
      }),
      api.call('POST', '/api/user/points/redeem', { token: refuser, body: { points: 1_000_000 } }),
      api.call('POST', '/api/rewards/rw-rooftop-evening/redeem', { token: refuser, body: { cost: 1 } }),
    ]);
  const [result, ...refusals] = await Promise.all([write(), refuse(), pause(1).then(refuse), pause(3).then(refuse)]);
  for (const replies of refusals) expect(replies.map((reply) => reply.status)).toEqual([404, 422, 409]);
  return result;
}

const memberByEmail = (email: string) => api.store.data.members.find((member) => member.email === email);

test('a password change is never lost to a refused write', async () => {
  const email = 'changer@example.com';
  let password = 'Change@000';
  let token = await api.registerMember(email, password);
  let lost = 0;
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const next = `Change@${String(attempt).padStart(3, '0')}`;
    const reply = await alongsideRefusedWrites(() =>
      api.call('POST', '/api/auth/change-password', {
        token,
        body: { oldPassword: password, newPassword: next, confirmPassword: next },
      }),
    );
    expect(reply.status).toBe(200);
    const signIn = await api.call('POST', '/api/auth/login', { body: { email, password: next } });
    if (signIn.status !== 200) {
      lost += 1;
      continue;
    }
    // The old password and the old session are over.
    expect((await api.call('POST', '/api/auth/login', { body: { email, password } })).status).toBe(401);
    expect((await api.call('GET', '/api/auth/me', { token })).status).toBe(401);
    password = next;
    token = reply.body.token;
    expect((await api.call('GET', '/api/auth/me', { token })).status).toBe(200);
  }
  expect(lost).toBe(0);
});

test('a reset password is never lost to a refused write', async () => {
  const email = 'resetter@example.com';
  await api.registerMember(email, 'Reset@0000');
  let lost = 0;
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    expect((await api.call('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    // The code is stored just after the answer.
    let otp = '';
    while (!otp) {
      await pause(1);
      otp = await api.latestCode(email).catch(() => '');
      const mail = await api.call('GET', `/api/dev/outbox?email=${encodeURIComponent(email)}`);
      if (mail.body.data[0]?.subject !== 'Reset your password') otp = '';
    }
    const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'reset' } });
    expect(verified.status).toBe(200);
    const next = `Reset@${String(attempt).padStart(4, '0')}`;
    const reply = await alongsideRefusedWrites(() =>
      api.call('POST', '/api/auth/set-password', {
        body: { resetToken: verified.body.data.resetToken, password: next, confirmPassword: next },
      }),
    );
    expect(reply.status).toBe(200);
    if ((await api.call('POST', '/api/auth/login', { body: { email, password: next } })).status !== 200) lost += 1;
  }
  expect(lost).toBe(0);
});

test('a sign-in counts its failure and clears the count on success, whatever is refused meanwhile', async () => {
  const email = 'signer@example.com';
  const password = 'Signer@123';
  await api.registerMember(email, password);
  let lostFailures = 0;
  let lostResets = 0;
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const wrong = await alongsideRefusedWrites(() =>
      api.call('POST', '/api/auth/login', { body: { email, password: 'Wrong@1234' } }),
    );
    // A lost reset shows as a count past 1, and five of them lock the account (423).
    if (wrong.status !== 401 || memberByEmail(email)?.failedLogins !== 1) lostFailures += 1;
    const right = await alongsideRefusedWrites(() =>
      api.call('POST', '/api/auth/login', { body: { email, password } }),
    );
    if (right.status !== 200 || memberByEmail(email)?.failedLogins !== 0) lostResets += 1;
  }
  expect({ lostFailures, lostResets }).toEqual({ lostFailures: 0, lostResets: 0 });
});

test('a registration is never lost to a refused write', async () => {
  let lost = 0;
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const email = `newcomer${attempt}@example.com`;
    const reply = await alongsideRefusedWrites(() =>
      api.call('POST', '/api/auth/register', {
        body: { email, password: 'Newcomer@1', password2: 'Newcomer@1', firstname: 'New', lastname: 'Comer' },
      }),
    );
    expect(reply.status).toBe(201);
    const otp = await api.latestCode(email).catch(() => '');
    const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'register' } });
    if (verified.status !== 200 || !memberByEmail(email)?.verified) lost += 1;
  }
  expect(lost).toBe(0);
});

test('profile and workspace changes are kept, and answered as stored', async () => {
  const email = 'editor@example.com';
  const token = await api.registerMember(email);
  const id = memberByEmail(email)!.id;
  for (let attempt = 1; attempt <= 20; attempt++) {
    const firstname = `Edited${attempt}`;
    const [profile, workspace] = await alongsideRefusedWrites(() =>
      Promise.all([
        api.call('POST', '/api/auth/update-profile', {
          token,
          body: {
            id,
            email,
            firstname,
            lastname: 'Editor',
            phoneNumber: { code: 'FR', phoneCode: '33', number: '612345678' },
            country: 'FR',
            preferred_language: 'en',
          },
        }),
        api.call('POST', '/api/account/workspace/update', { token, body: { newsletter: attempt % 2 === 0 } }),
      ]),
    );
    expect(profile.status).toBe(200);
    expect(profile.body.data.firstname).toBe(firstname);
    expect(workspace.body.data.newsletter).toBe(attempt % 2 === 0);
    expect(memberByEmail(email)).toMatchObject({ firstname, workspace: { newsletter: attempt % 2 === 0 } });
  }
});

test('the demo member is untouched by all of the refusals', () => {
  const demo = api.store.data.members.find((member) => member.id === DEMO_MEMBER_ID);
  expect(demo).toMatchObject({ failedLogins: 0, locked: false });
  expect(api.store.data.transactions.filter((record) => record.memberId !== DEMO_MEMBER_ID)).toEqual([]);
});
