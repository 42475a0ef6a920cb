/**
 * The apps call the mock API through `@loyalty/shared/api`, whose functions parse every reply with
 * the contract schemas. Running those very functions against the mock proves both sides agree.
 */
import * as api from '@loyalty/shared/api';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { ApiError, setAccessToken } from '@loyalty/shared/http';
import { CLAIM_ACCEPTED, CLAIM_INVALID, CLAIM_REPEATED } from './routes/points';
import { INVALID_OTP, KEPT_SIGN_IN_NONE, SIGNED_OUT, SIGN_OUT_KEY_INVALID, SIGN_OUT_KEY_SPENT } from './routes/auth';
import { verifyToken } from './auth/jwt';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { TEST_SECRET, startTestApi, type TestApi } from './testing/test-api';

let server: TestApi;
beforeAll(async () => {
  server = await startTestApi();
  setRuntimeConfig({ HOST_API: server.url });
});
afterAll(async () => {
  setAccessToken(null);
  await server.close();
});

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

test('the typed client functions parse every reply of the mock API', async () => {
  setAccessToken(null);
  const signedIn = await api.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
  setAccessToken(signedIn.token);

  expect((await api.getCurrentUser()).Email).toBe(DEMO_EMAIL);
  expect(await api.getBalance()).toMatchObject({ pointBalance: 650, nextExpiry: { points: 1350 } });
  expect(await api.getPendingPoints()).toHaveLength(1);
  expect((await api.getTransactions({ type: 'debit', pageSize: 5 })).data[0]?.type).toBe('debit');
  expect((await api.fetchTiers()).progress.state).toBe('keep_going');

  const claim = await api.claimPoints({ bookingId: 'BK-1004', bookingDate: '2030-08-10' });
  expect(claim).toMatchObject({ message: CLAIM_ACCEPTED, data: { type: 'credit_pending', availableOn: '2030-08-18' } });
  expect((await rejection(api.claimPoints({ bookingId: 'BK-1004', bookingDate: '2030-08-10' }))).message).toBe(
    CLAIM_REPEATED,
  );
  expect((await rejection(api.claimPoints({ bookingId: 'BK-9999', bookingDate: '2030-08-10' }))).message).toBe(
    CLAIM_INVALID,
  );

  const redeemed = await api.redeemPoints({ points: 50 });
  expect(redeemed.data.balance.pointBalance).toBe(600);
  const overdraw = await rejection(api.redeemPoints({ points: 10_000 }));
  expect(overdraw.status).toBe(422);
  expect(overdraw.fieldErrors?.points).toContain('600');

  // A reward's voucher, listed, cancelled for the points back; a second cancellation is refused.
  const reward = await api.redeemReward({ rewardId: 'rw-lounge-pass', cost: 200 });
  expect(reward.data.voucher).toMatchObject({ rewardId: 'rw-lounge-pass', state: 'active', usage: 'online' });
  expect((await api.getVouchers())[0]?.id).toBe(reward.data.voucher.id);
  const cancelled = await api.cancelVoucher(reward.data.voucher.id);
  expect(cancelled.data).toMatchObject({ voucher: { state: 'cancelled' }, balance: { pointBalance: 600 } });
  expect(api.voucherRefusal(await rejection(api.cancelVoucher(reward.data.voucher.id)))).toBe('notCancellable');

  const countries = await api.getCountries();
  expect(countries[0]?.code).toBe('');
  expect((await api.getStates('US')).length).toBeGreaterThan(0);
  expect((await api.getCities('US', 'CA')).map((city) => city.name)).toContain('San Francisco');

  expect((await api.getAccountGeneral()).plan.billing).toBe('monthly');
  expect((await api.updateWorkspace({ newsletter: false })).data.newsletter).toBe(false);
  expect((await api.getWorkspace()).newsletter).toBe(false);
  expect((await api.getRolePermissions()).role).toBe('member');
  expect(await api.checkPermissions({ path: '/dashboard/role' })).toEqual({
    access: false,
    read_access: false,
    write_access: false,
  });

  const user = await api.getCurrentUser();
  const form = {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.Email,
    phoneNumber: { code: 'FR', phoneCode: '33', number: '612345678' },
    preferred_language: 'fr' as const,
    country: 'FR',
  };
  expect((await api.updateProfile({ ...form, id: user.Id })).data.PreferredLanguage).toBe('fr');
  expect((await api.updateMember({ ...form, preferred_language: 'en' })).data.PreferredLanguage).toBe('en');

  expect((await api.logout()).message).toEqual(expect.any(String));
  expect((await rejection(api.getBalance())).status).toBe(401);
});

test("a sign-out sent later by the token's key, through the typed client (decision 078)", async () => {
  setAccessToken(null);
  const { token } = await api.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
  const key = verifyToken(token, TEST_SECRET)!.sok!;
  expect((await api.signOutByKey(key)).message).toBe(SIGNED_OUT);
  expect(await rejection(api.signOutByKey(key))).toMatchObject({ status: 404, message: SIGN_OUT_KEY_SPENT });
  expect(await rejection(api.signOutByKey('guessed'))).toMatchObject({ status: 422, message: SIGN_OUT_KEY_INVALID });
  setAccessToken(token);
  expect((await rejection(api.getCurrentUser())).status).toBe(401);
  setAccessToken(null);
});

test('a kept device refreshes through the typed client, and not once signed out (decision 080)', async () => {
  // Node's fetch keeps no cookies: this jar plays the browser's for the kept cookie alone.
  let jar = '';
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (jar) request.headers.set('cookie', jar);
    const response = await realFetch(request);
    const set = response.headers.getSetCookie().find((line) => line.startsWith('loyalty_kept='));
    if (set) jar = set.split(';')[0]!.endsWith('=') ? '' : set.split(';')[0]!;
    return response;
  };
  try {
    setAccessToken(null);
    const signedIn = await api.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD, keepSignedIn: true });
    expect(signedIn.keptUntil).toEqual(expect.any(String));
    const refreshed = await api.refreshKeptSession();
    expect(refreshed).toMatchObject({ data: { Email: DEMO_EMAIL }, keptUntil: signedIn.keptUntil });
    setAccessToken(refreshed.token);
    expect((await api.getSessions()).find((view) => view.current)?.keptUntil).toBe(signedIn.keptUntil);
    await api.logout();
    setAccessToken(null);
    expect(await rejection(api.refreshKeptSession())).toMatchObject({ status: 401, message: KEPT_SIGN_IN_NONE });
  } finally {
    globalThis.fetch = realFetch;
    setAccessToken(null);
  }
});

test('register, verify, forgot, reset and change password through the typed client', async () => {
  setAccessToken(null);
  const email = 'client@example.com';
  const registered = await api.register({
    email,
    password: 'Client@123',
    password2: 'Client@123',
    firstname: 'Cli',
    lastname: 'Ent',
  });
  expect(registered).toMatchObject({ email, accessToken: null });
  expect((await rejection(api.verifyOtp({ email, otp: '12', purpose: 'register' }))).message).toBe(INVALID_OTP);
  const verified = await api.verifyOtp({ email, otp: await server.latestCode(email), purpose: 'register' });
  expect(verified.user.Email).toBe(email);

  expect((await api.forgotPassword({ email })).message).toBe('Request sent successfully!');
  const { resetToken } = await api.verifyOtp({ email, otp: await server.latestCode(email), purpose: 'reset' });
  expect((await api.setPassword({ resetToken, password: 'Client@456', confirmPassword: 'Client@456' })).message).toBe(
    'Password is reset successfully',
  );

  const { token } = await api.login({ email, password: 'Client@456' });
  setAccessToken(token);
  const changed = await api.changePassword({
    oldPassword: 'Client@456',
    newPassword: 'Client@789',
    confirmPassword: 'Client@789',
  });
  expect(changed.data.Email).toBe(email);
  expect((await rejection(api.getCurrentUser())).status).toBe(401);
  setAccessToken(changed.token);
  expect((await api.getCurrentUser()).Email).toBe(email);
});
