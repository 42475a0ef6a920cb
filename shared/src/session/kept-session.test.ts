import { setRuntimeConfig } from '@loyalty/shared/config';
import { getAccessToken, setAccessToken } from '@loyalty/shared/http';
import { fakeToken, goOffline, mockFetch, TEST_USER } from '@loyalty/shared/testing';
import { waitFor } from '@testing-library/react';
import { sessionStore } from './session-store';
import { isDeviceKept } from '@loyalty/shared/api';
import { KEPT_DEVICE_KEY } from './session-storage';

const member = TEST_USER;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();
const KEPT_UNTIL = inDays(30);
const ANSWERS = JSON.stringify({ keptAt: Date.now(), state: { queries: [] } });

/** A token as the API issues it, carrying its session's sign-out key (`sok`, decision 078). */
const tokenWithKey = (exp: number, sok: string) => fakeToken(exp, { sok });

const markKept = (until = KEPT_UNTIL) =>
  localStorage.setItem(KEPT_DEVICE_KEY, JSON.stringify({ until: Date.parse(until) }));
const refreshCalls = (calls: Request[]) => calls.filter((call) => new URL(call.url).pathname === '/api/auth/refresh');

describe('a device kept signed in (decision 080)', () => {
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    sessionStorage.clear();
    localStorage.clear();
    setAccessToken(null);
    sessionStore.setState({ status: 'loading', user: null, expired: false, signOutReason: null });
  });

  it('a page with no session and no mark asks the API nothing and stays signed out', async () => {
    const network = mockFetch([]);
    await sessionStore.getState().initialize();
    expect(sessionStore.getState().status).toBe('unauthenticated');
    expect(network.calls).toHaveLength(0);
    network.restore();
  });

  it('a page with no session on a kept device asks the refresh route once and starts the session from its token', async () => {
    markKept();
    const token = fakeToken(nowSeconds() + 600);
    const network = mockFetch([
      { method: 'POST', path: '/api/auth/refresh', body: { token, data: member, keptUntil: KEPT_UNTIL } },
    ]);
    await sessionStore.getState().initialize();
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user: { FullName: 'Ada Lovelace' } });
    expect(refreshCalls(network.calls)).toHaveLength(1);
    expect(network.calls[0]!.headers.get('Authorization')).toBeNull();
    expect(sessionStorage.getItem('accessToken')).toBe(token);
    expect(getAccessToken()).toBe(token);
    expect(isDeviceKept()).toBe(true);
    network.restore();
  });

  it('a refused refresh signs out and forgets the mark and the answers kept on the device', async () => {
    markKept();
    localStorage.setItem('offlineAnswers', ANSWERS);
    localStorage.setItem('keptDrawings', ANSWERS);
    const network = mockFetch([
      { method: 'POST', path: '/api/auth/refresh', status: 401, body: { message: 'This device is not kept' } },
    ]);
    await sessionStore.getState().initialize();
    expect(sessionStore.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(KEPT_DEVICE_KEY)).toBeNull();
    expect(localStorage.getItem('offlineAnswers')).toBeNull();
    expect(localStorage.getItem('keptDrawings')).toBeNull();
    network.restore();
  });

  it('offline, the member is signed in from the answers kept on the device, with no token; with none kept, signed out', async () => {
    markKept();
    const [{ currentUserQueryOptions }, { queryClient }] = await Promise.all([
      import('@loyalty/shared/api'),
      import('@loyalty/shared/api/query-client'),
    ]);
    queryClient.setQueryData(currentUserQueryOptions().queryKey, member);
    const offline = goOffline();
    await sessionStore.getState().initialize();
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user: { FullName: 'Ada Lovelace' } });
    expect(getAccessToken()).toBeNull();
    expect(isDeviceKept()).toBe(true);

    queryClient.clear();
    sessionStore.setState({ status: 'loading', user: null });
    await sessionStore.getState().initialize();
    expect(sessionStore.getState().status).toBe('unauthenticated');
    // No answer is no refusal: the device stays kept for when the network is back.
    expect(isDeviceKept()).toBe(true);
    offline.restore();
  });

  it('a sign-in that chose it marks the device until its end; one that did not leaves it unmarked', async () => {
    const token = fakeToken(nowSeconds() + 600);
    const network = mockFetch([
      { method: 'POST', path: '/api/auth/login', body: { token, data: member, keptUntil: KEPT_UNTIL } },
    ]);
    await sessionStore.getState().login({ email: 'a@b.c', password: 'x', keepSignedIn: true });
    expect(JSON.parse(await network.calls[0]!.clone().text())).toMatchObject({ keepSignedIn: true });
    expect(JSON.parse(localStorage.getItem(KEPT_DEVICE_KEY)!)).toEqual({ until: Date.parse(KEPT_UNTIL) });
    network.restore();

    localStorage.clear();
    const plain = mockFetch([{ method: 'POST', path: '/api/auth/login', body: { token, data: member } }]);
    await sessionStore.getState().login({ email: 'a@b.c', password: 'x' });
    expect(localStorage.getItem(KEPT_DEVICE_KEY)).toBeNull();
    plain.restore();
  });

  it('sign-out online forgets the mark and everything kept on the device', async () => {
    markKept();
    localStorage.setItem('offlineAnswers', ANSWERS);
    setAccessToken(fakeToken(nowSeconds() + 600));
    sessionStore.setState({ status: 'authenticated', user: member });
    const network = mockFetch([
      { method: 'GET', path: '/api/auth/logout', body: { message: 'Logged out successfully' } },
    ]);
    await sessionStore.getState().logout();
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', signOutReason: 'logout' });
    expect(localStorage.getItem(KEPT_DEVICE_KEY)).toBeNull();
    expect(localStorage.getItem('offlineAnswers')).toBeNull();
    network.restore();
  });

  it('sign-out offline leaves nothing of the member, and ends the kept session once the network is back', async () => {
    markKept();
    localStorage.setItem('offlineAnswers', ANSWERS);
    sessionStore.setState({ status: 'authenticated', user: member });
    const offline = goOffline();
    await sessionStore.getState().logout();
    // Opened offline, the tab held no token: no sign-out key to keep, the mark does the work.
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', signOutReason: 'logout' });
    expect(isDeviceKept()).toBe(false);
    expect(localStorage.getItem('offlineAnswers')).toBeNull();
    // Its first try, still offline, gets no answer and keeps the mark as ending.
    await waitFor(() => expect(offline.failing.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(localStorage.getItem(KEPT_DEVICE_KEY)).toContain('"ending":true');
    offline.restore();

    const key = 'session-1.123.mac';
    const network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/refresh',
        body: { token: tokenWithKey(nowSeconds() + 600, key), data: member, keptUntil: KEPT_UNTIL },
      },
      { method: 'POST', path: '/api/auth/sign-out-key', body: { message: 'Logged out successfully' } },
    ]);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(localStorage.getItem(KEPT_DEVICE_KEY)).toBeNull());
    await waitFor(() =>
      expect(network.calls.map((call) => new URL(call.url).pathname)).toEqual([
        '/api/auth/refresh',
        '/api/auth/sign-out-key',
      ]),
    );
    expect(JSON.parse(await network.calls[1]!.text())).toEqual({ key });
    // Nothing started a session on the way.
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    expect(sessionStore.getState().status).toBe('unauthenticated');
    network.restore();
  });

  it('past its end the mark is gone, with what it kept, and the page asks nothing', async () => {
    markKept(new Date(Date.now() - 1000).toISOString());
    localStorage.setItem('offlineAnswers', ANSWERS);
    const network = mockFetch([]);
    await sessionStore.getState().initialize();
    expect(sessionStore.getState().status).toBe('unauthenticated');
    expect(network.calls).toHaveLength(0);
    expect(localStorage.getItem(KEPT_DEVICE_KEY)).toBeNull();
    expect(localStorage.getItem('offlineAnswers')).toBeNull();
    network.restore();
  });
});
