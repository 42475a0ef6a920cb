import { setRuntimeConfig } from '@loyalty/shared/config';
import { getAccessToken } from '@loyalty/shared/http';
import { fakeToken, goOffline, mockFetch, TEST_USER } from '@loyalty/shared/testing';
import { waitFor } from '@testing-library/react';
import { SIGN_OUT_WAIT_MS, sessionStore } from './session-store';

const member = TEST_USER;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token as the API issues it, carrying its session's sign-out key (`sok`, decision 078). */
const tokenWithKey = (exp: number, sok: string) => fakeToken(exp, { sok });

const pendingSignOuts = () => JSON.parse(localStorage.getItem('pendingSignOuts') ?? 'null') as unknown;
const CHANGE = { oldPassword: 'Sunny#Day42', newPassword: 'Rainy#Day43', confirmPassword: 'Rainy#Day43' };

/**
 * Holds the answer to the first call to `path` (over the mocked network) until `release`: the call
 * has left, its answer has not come. `restore` puts the mocked network back.
 */
function holdAnswerTo(path: string) {
  const { fetch } = globalThis;
  const held: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (new URL(request.url).pathname === path) {
      held.push(request.url);
      await released;
    }
    return fetch(request);
  }) as typeof fetch;
  return {
    sent: () => waitFor(() => expect(held).toHaveLength(1)),
    release,
    restore: () => void (globalThis.fetch = fetch),
  };
}

describe('session store', () => {
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    sessionStorage.clear();
    localStorage.removeItem('pendingSignOuts');
    sessionStore.setState({ status: 'loading', user: null, expired: false, signOutReason: null });
  });

  it('does not use a stored token whose exp has passed, and asks the server nothing', async () => {
    sessionStorage.setItem('accessToken', fakeToken(nowSeconds() - 10));
    const network = mockFetch([{ method: 'GET', path: '/api/auth/me', body: { data: member } }]);
    await sessionStore.getState().initialize();
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(network.calls).toHaveLength(0);
    expect(getAccessToken()).toBeNull();
    network.restore();
  });

  it('restores a live token: fetches the profile with it and signs the member in', async () => {
    const token = fakeToken(nowSeconds() + 600);
    sessionStorage.setItem('accessToken', token);
    const network = mockFetch([{ method: 'GET', path: '/api/auth/me', body: { data: member } }]);
    await sessionStore.getState().initialize();
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user: { FullName: 'Ada Lovelace' } });
    expect(network.calls[0]!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    network.restore();
  });

  it('treats a failed profile fetch as signed out and forgets the token', async () => {
    sessionStorage.setItem('accessToken', fakeToken(nowSeconds() + 600));
    const network = mockFetch([{ method: 'GET', path: '/api/auth/me', status: 500 }]);
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    await sessionStore.getState().initialize();
    expect(sessionStore.getState().status).toBe('unauthenticated');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
    network.restore();
  });

  it("goes on with the kept member when the restore gets no answer, and keeps the member's answers", async () => {
    const token = fakeToken(nowSeconds() + 600);
    sessionStorage.setItem('accessToken', token);
    const [{ currentUserQueryOptions, balanceQueryOptions }, { queryClient }] = await Promise.all([
      import('@loyalty/shared/api'),
      import('@loyalty/shared/api/query-client'),
    ]);
    // The last load's answers, restored (decision 068); the browser says it is online.
    queryClient.setQueryData(currentUserQueryOptions().queryKey, member);
    const balance = { pointBalance: 600, pointsPending: 0, totalClaimed: 600, nextExpiry: null };
    queryClient.setQueryData(balanceQueryOptions().queryKey, balance);
    const { fetch } = globalThis;
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await sessionStore.getState().initialize();
    } finally {
      globalThis.fetch = fetch;
      log.mockRestore();
    }
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user: { FullName: 'Ada Lovelace' } });
    expect(sessionStorage.getItem('accessToken')).toBe(token);
    expect(queryClient.getQueryData(balanceQueryOptions().queryKey)).toEqual(balance);
    queryClient.clear();
  });

  it('keeps the stored session when the restore fails because the page is being left', async () => {
    const token = fakeToken(nowSeconds() + 600);
    sessionStorage.setItem('accessToken', token);
    const network = mockFetch([{ method: 'GET', path: '/api/auth/me', status: 500 }]);
    const restore = holdAnswerTo('/api/auth/me');
    const restoring = sessionStore.getState().initialize();
    await restore.sent();
    // The member goes on to another page: this one's requests are cancelled as it goes.
    window.dispatchEvent(new Event('pagehide'));
    restore.release();
    await restoring;
    window.dispatchEvent(new Event('pageshow'));
    expect(sessionStorage.getItem('accessToken')).toBe(token);
    restore.restore();
    network.restore();
  });

  it('login stores the three session entries; logout clears them', async () => {
    const token = fakeToken(nowSeconds() + 600);
    const network = mockFetch([
      { method: 'POST', path: '/api/auth/login', body: { token, data: member } },
      { method: 'GET', path: '/api/auth/logout', body: { message: 'Logged out' } },
    ]);
    await sessionStore.getState().login({ email: 'ada@example.com', password: 'x' });
    expect(sessionStorage.getItem('accessToken')).toBe(token);
    expect(sessionStorage.getItem('email')).toBe('ada@example.com');
    expect(sessionStorage.getItem('fullName')).toBe('Ada Lovelace');
    await sessionStore.getState().logout();
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', signOutReason: 'logout' });
    expect(sessionStorage.length).toBe(0);
    network.restore();
  });

  it('with no answer, signs out on this device all the same: nothing of the member stays but the sign-out key, sent once back online', async () => {
    const exp = nowSeconds() + 600;
    const token = tokenWithKey(exp, 'session-1.123.mac');
    const signIn = mockFetch([{ method: 'POST', path: '/api/auth/login', body: { token, data: member } }]);
    await sessionStore.getState().login({ email: 'ada@example.com', password: 'x' });
    signIn.restore();
    // What the dashboard and the card page keep for offline use (decision 068).
    const [{ balanceQueryOptions }, { queryClient }] = await Promise.all([
      import('@loyalty/shared/api'),
      import('@loyalty/shared/api/query-client'),
    ]);
    queryClient.setQueryData(balanceQueryOptions().queryKey, {
      pointBalance: 600,
      pointsPending: 0,
      totalClaimed: 600,
      nextExpiry: null,
    });
    sessionStorage.setItem('offlineAnswers', JSON.stringify({ keptAt: Date.now(), state: { queries: [] } }));
    sessionStorage.setItem('keptDrawings', JSON.stringify({ keptAt: Date.now(), state: {} }));

    const offline = goOffline();
    await sessionStore.getState().logout();
    // The logout, then the key at once: neither got an answer.
    await waitFor(() => expect(offline.failing).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    offline.restore();

    expect(sessionStore.getState()).toMatchObject({
      status: 'unauthenticated',
      user: null,
      signOutReason: 'logout-pending',
    });
    expect(sessionStorage.length).toBe(0);
    expect(getAccessToken()).toBeNull();
    expect(queryClient.getQueryData(balanceQueryOptions().queryKey)).toBeUndefined();
    expect(pendingSignOuts()).toEqual([{ key: 'session-1.123.mac', until: exp * 1000 }]);
    expect(JSON.stringify(localStorage)).not.toContain(token);

    const back = mockFetch([
      { method: 'POST', path: '/api/auth/sign-out-key', body: { message: 'Logged out successfully' } },
    ]);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(pendingSignOuts()).toBeNull());
    expect(back.calls).toHaveLength(1);
    expect(await back.calls[0]!.json()).toEqual({ key: 'session-1.123.mac' });
    expect(back.calls[0]!.headers.get('Authorization')).toBeNull();
    back.restore();
  });

  it('a 5xx answer signs out on this device too, and the key goes at once, then is forgotten', async () => {
    const token = tokenWithKey(nowSeconds() + 600, 'session-2.123.mac');
    const network = mockFetch([
      { method: 'POST', path: '/api/auth/login', body: { token, data: member } },
      { method: 'GET', path: '/api/auth/logout', status: 503 },
      { method: 'POST', path: '/api/auth/sign-out-key', body: { message: 'Logged out successfully' } },
    ]);
    await sessionStore.getState().login({ email: 'ada@example.com', password: 'x' });
    await sessionStore.getState().logout();
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', signOutReason: 'logout-pending' });
    expect(sessionStorage.length).toBe(0);
    await waitFor(() => expect(pendingSignOuts()).toBeNull());
    expect(network.calls.map((call) => new URL(call.url).pathname)).toContain('/api/auth/sign-out-key');
    network.restore();
  });

  it('a logout left without an answer signs out on this device once its wait is over, the key kept', async () => {
    const token = tokenWithKey(nowSeconds() + 600, 'session-4.123.mac');
    const signIn = mockFetch([{ method: 'POST', path: '/api/auth/login', body: { token, data: member } }]);
    await sessionStore.getState().login({ email: 'ada@example.com', password: 'x' });
    signIn.restore();
    const { fetch } = globalThis;
    // A network gone without a word: nothing ever answers.
    globalThis.fetch = (() => new Promise<Response>(() => {})) as typeof fetch;
    jest.useFakeTimers();
    try {
      const leaving = sessionStore.getState().logout();
      await jest.advanceTimersByTimeAsync(SIGN_OUT_WAIT_MS - 1);
      expect(sessionStore.getState().status).toBe('authenticated');
      await jest.advanceTimersByTimeAsync(1);
      await leaving;
    } finally {
      jest.useRealTimers();
      globalThis.fetch = fetch;
    }
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', signOutReason: 'logout-pending' });
    expect(sessionStorage.length).toBe(0);
    expect(pendingSignOuts()).toEqual([expect.objectContaining({ key: 'session-4.123.mac' })]);
  });

  it('a 401 to the logout means the session had ended: signed out, and no key kept', async () => {
    const token = tokenWithKey(nowSeconds() + 600, 'session-3.123.mac');
    const network = mockFetch([
      { method: 'POST', path: '/api/auth/login', body: { token, data: member } },
      { method: 'GET', path: '/api/auth/logout', status: 401, body: { message: 'Unauthorized' } },
    ]);
    await sessionStore.getState().login({ email: 'ada@example.com', password: 'x' });
    await sessionStore.getState().logout();
    expect(sessionStore.getState()).toMatchObject({
      status: 'unauthenticated',
      signOutReason: 'logout',
      expired: false,
    });
    expect(sessionStorage.length).toBe(0);
    expect(pendingSignOuts()).toBeNull();
    network.restore();
  });

  it('the code step and a password change start the session with the token the server issued', async () => {
    const registered = fakeToken(nowSeconds() + 600);
    const changed = fakeToken(nowSeconds() + 900);
    const network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/verify-otp',
        body: { message: 'Your account is verified', data: { accessToken: registered, user: member } },
      },
      {
        method: 'POST',
        path: '/api/auth/change-password',
        body: { message: 'Password changed successfully', token: changed, data: member, otherSessionsEnded: true },
      },
    ]);
    await sessionStore.getState().verifyRegistrationCode({ email: 'ada@example.com', otp: '123456' });
    expect(sessionStorage.getItem('accessToken')).toBe(registered);
    expect(getAccessToken()).toBe(registered);
    await sessionStore.getState().changePassword(CHANGE);
    expect(sessionStorage.getItem('accessToken')).toBe(changed);
    expect(getAccessToken()).toBe(changed);
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', expired: false });
    network.restore();
  });

  // A password change ends the member's older tokens. A write sent with the old token before the
  // change and refused after it (401) must not end the session the change started.
  it('keeps a password change when a write sent before it is refused after it', async () => {
    const before = fakeToken(nowSeconds() + 600);
    const after = fakeToken(nowSeconds() + 900);
    const network = mockFetch([
      { method: 'POST', path: '/api/auth/login', body: { token: before, data: member } },
      {
        method: 'POST',
        path: '/api/auth/change-password',
        body: { message: 'Password changed successfully', token: after, data: member, otherSessionsEnded: true },
      },
      { method: 'POST', path: '/api/user/profile', status: 401, body: { message: 'Unauthorized' } },
    ]);
    await sessionStore.getState().login({ email: 'ada@example.com', password: 'x' });
    const { http } = await import('@loyalty/shared/http');
    // The save leaves with the old token; its answer comes once the change has landed.
    const save = holdAnswerTo('/api/user/profile');
    const saving = http.post('/api/user/profile', { firstname: 'Ada' });
    await save.sent();
    await sessionStore.getState().changePassword(CHANGE);
    save.release();
    await expect(saving).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', expired: false });
    expect(sessionStorage.getItem('accessToken')).toBe(after);
    expect(getAccessToken()).toBe(after);
    save.restore();
    network.restore();
  });

  it('keeps a password change made while the session was being restored', async () => {
    const before = fakeToken(nowSeconds() + 600);
    const after = fakeToken(nowSeconds() + 900);
    sessionStorage.setItem('accessToken', before);
    const network = mockFetch([
      { method: 'GET', path: '/api/auth/me', status: 401, body: { message: 'Unauthorized' } },
      {
        method: 'POST',
        path: '/api/auth/change-password',
        body: { message: 'Password changed successfully', token: after, data: member, otherSessionsEnded: true },
      },
    ]);
    const restore = holdAnswerTo('/api/auth/me');
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    const restoring = sessionStore.getState().initialize();
    await restore.sent();
    await sessionStore.getState().changePassword(CHANGE);
    restore.release();
    await restoring;
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', expired: false });
    expect(sessionStorage.getItem('accessToken')).toBe(after);
    expect(getAccessToken()).toBe(after);
    log.mockRestore();
    restore.restore();
    network.restore();
  });

  it('a 401 on an authenticated request marks the session expired', async () => {
    const network = mockFetch([
      { method: 'POST', path: '/api/auth/login', body: { token: fakeToken(nowSeconds() + 600), data: member } },
      { method: 'GET', path: '/api/user/points/balance', status: 401, body: { message: 'Unauthorized' } },
    ]);
    await sessionStore.getState().login({ email: 'ada@example.com', password: 'x' });
    const { getBalance } = await import('@loyalty/shared/api');
    await expect(getBalance()).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().expired).toBe(true);
    network.restore();
  });
});
