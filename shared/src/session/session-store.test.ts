import { setRuntimeConfig } from '@loyalty/shared/config';
import { getAccessToken } from '@loyalty/shared/http';
import { fakeToken, mockFetch, TEST_USER } from '@loyalty/shared/testing';
import { sessionStore } from './session-store';

const member = TEST_USER;
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('session store', () => {
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    sessionStorage.clear();
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

  it('keeps the session when the server cannot log out, so the member can try again', async () => {
    const token = fakeToken(nowSeconds() + 600);
    const network = mockFetch([
      { method: 'POST', path: '/api/auth/login', body: { token, data: member } },
      { method: 'GET', path: '/api/auth/logout', status: 503 },
    ]);
    await sessionStore.getState().login({ email: 'ada@example.com', password: 'x' });
    await expect(sessionStore.getState().logout()).rejects.toThrow();
    expect(sessionStore.getState().status).toBe('authenticated');
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
