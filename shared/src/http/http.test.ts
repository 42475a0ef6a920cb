import { setRuntimeConfig } from '@loyalty/shared/config';
import { mockFetch } from '@loyalty/shared/testing';
import { serverText } from '@loyalty/shared/api/messages';
import { ApiError, GENERIC_ERROR_MESSAGE, http, onUnauthorized, setAccessToken } from './index';

describe('http client', () => {
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test/' });
    setAccessToken(null);
  });

  it.each(['https://evil.example/steal', '//evil.example/steal', 'javascript:alert(1)', 'HTTP://x', 'api/no-slash'])(
    'refuses %s without sending anything',
    async (path) => {
      const network = mockFetch([]);
      await expect(http.get(path)).rejects.toBeInstanceOf(ApiError);
      expect(network.calls).toHaveLength(0);
      network.restore();
    },
  );

  it.each([' https://evil.example/steal', '\\\\evil.example/steal', 'data:text/plain,x', 'mailto:a@evil.example'])(
    'refuses %j, padded or in another spelling, without sending anything',
    async (path) => {
      setAccessToken('token-123');
      const network = mockFetch([]);
      await expect(http.get(path)).rejects.toMatchObject({ status: 0 });
      expect(network.calls).toHaveLength(0);
      network.restore();
    },
  );

  it.each(['/\\evil.example/steal', '/..//evil.example/steal', '/@evil.example/steal', '/%2F%2Fevil.example'])(
    'keeps %j, which only looks like another host, on the API origin with the token',
    async (path) => {
      setAccessToken('token-123');
      const network = mockFetch([]);
      // Whatever the API answers (404 here), the request went to it and nowhere else.
      await http.get(path).catch(() => undefined);
      expect(network.calls).toHaveLength(1);
      expect(new URL(network.calls[0]!.url).origin).toBe('http://api.test');
      expect(network.calls[0]!.headers.get('Authorization')).toBe('Bearer token-123');
      network.restore();
    },
  );

  it('sends the bearer token once it is set, to the configured base address', async () => {
    const network = mockFetch([{ method: 'GET', path: '/api/auth/me', body: { ok: true } }]);
    await http.get('/api/auth/me');
    setAccessToken('token-123');
    await http.get('/api/auth/me');
    expect(network.calls[0]!.headers.get('Authorization')).toBeNull();
    expect(network.calls[1]!.headers.get('Authorization')).toBe('Bearer token-123');
    expect(network.calls[1]!.url).toBe('http://api.test/api/auth/me');
    network.restore();
  });

  it('sends JSON bodies as JSON', async () => {
    const network = mockFetch([{ method: 'POST', path: '/api/auth/login', body: {} }]);
    await http.post('/api/auth/login', { email: 'a@b.c' });
    expect(network.calls[0]!.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(await network.calls[0]!.text()).toBe('{"email":"a@b.c"}');
    network.restore();
  });

  it("rejects with the server's message, else the generic text", async () => {
    const network = mockFetch([
      { method: 'POST', path: '/with-message', status: 422, body: { message: 'Invalid OTP' } },
      { method: 'POST', path: '/without', status: 500 },
    ]);
    await expect(http.post('/with-message', {})).rejects.toMatchObject({ status: 422, message: 'Invalid OTP' });
    await expect(http.post('/without', {})).rejects.toMatchObject({ status: 500, message: GENERIC_ERROR_MESSAGE });
    network.restore();
  });

  it("tells the server's own words from the generic text a page should say in its own language", async () => {
    const network = mockFetch([
      { method: 'POST', path: '/with-message', status: 422, body: { message: 'Invalid OTP' } },
      { method: 'POST', path: '/without', status: 500 },
    ]);
    expect(serverText(await http.post('/with-message', {}).catch((error: unknown) => error))).toBe('Invalid OTP');
    expect(serverText(await http.post('/without', {}).catch((error: unknown) => error))).toBeUndefined();
    expect(serverText(new ApiError(0, GENERIC_ERROR_MESSAGE))).toBeUndefined();
    expect(serverText(new TypeError('Failed to fetch'))).toBeUndefined();
    network.restore();
  });

  it('reports a 401 to a request that carried a token as the end of the session', async () => {
    const network = mockFetch([
      { method: 'GET', path: '/api/auth/me', status: 401, body: { message: 'Unauthorized' } },
    ]);
    const ended = jest.fn();
    const stop = onUnauthorized(ended);
    await expect(http.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
    setAccessToken('expired');
    await expect(http.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
    network.restore();
  });
});

describe('http client chunk', () => {
  // The client (ky) is a chunk of its own. A phone that loses the network while fetching it gets
  // the generic message, as for a call that got no answer, and the next request fetches it again.
  it('answers the generic error when the chunk cannot be fetched, and fetches it again next time', async () => {
    let fetches = 0;
    jest.doMock('./client', () => {
      fetches += 1;
      if (fetches === 1) throw new Error('Loading chunk http-client failed');
      return jest.requireActual('./client');
    });
    await jest.isolateModulesAsync(async () => {
      const { http: isolatedHttp, ApiError: IsolatedApiError } = await import('./index');
      const { setRuntimeConfig: setConfig } = await import('@loyalty/shared/config');
      setConfig({ HOST_API: 'http://api.test/' });
      const network = mockFetch([{ method: 'GET', path: '/api/auth/me', body: { ok: true } }]);
      const failed = isolatedHttp.get('/api/auth/me');
      await expect(failed).rejects.toBeInstanceOf(IsolatedApiError);
      await expect(failed).rejects.toMatchObject({ status: 0, message: GENERIC_ERROR_MESSAGE });
      expect(network.calls).toHaveLength(0);
      await expect(isolatedHttp.get('/api/auth/me')).resolves.toEqual({ ok: true });
      expect(fetches).toBe(2);
      network.restore();
    });
    jest.dontMock('./client');
  });
});
