import { mockFetch } from '@loyalty/shared/testing';
import {
  fetchOrTakeStartUpResponse,
  START_UP_ANSWER_FRESH_MS,
  takeStartUpResponse,
  type StartUpRequest,
} from './start-up-answers';

const ME = 'http://api.test/api/auth/me';
const PERMISSION = 'http://api.test/api/user/check-permissions';
const BEARER = 'Bearer token-1';

/** What the start-up script leaves behind for one request it sent. */
function sent(
  method: string,
  url: string,
  options: { body?: string; answer?: Promise<Response> } = {},
): StartUpRequest {
  return {
    method,
    url,
    authorization: BEARER,
    body: options.body ?? null,
    sentAt: performance.now(),
    response: options.answer ?? Promise.resolve(new Response(JSON.stringify({ from: 'start-up' }))),
  };
}

function request(method: string, url: string, init: { authorization?: string | null; body?: string } = {}) {
  const headers = new Headers();
  if (init.authorization !== null) headers.set('Authorization', init.authorization ?? BEARER);
  return new Request(url, { method, headers, body: init.body });
}

describe('answers to the start-up requests', () => {
  afterEach(() => {
    delete window.__startUpRequests;
    jest.restoreAllMocks();
  });

  it('serves the same request once, then no more', async () => {
    window.__startUpRequests = [sent('GET', ME)];
    const response = await takeStartUpResponse(request('GET', ME));
    expect(await response?.json()).toEqual({ from: 'start-up' });
    expect(await takeStartUpResponse(request('GET', ME))).toBeUndefined();
    expect(window.__startUpRequests).toEqual([]);
  });

  it.each([
    ['another address', request('GET', `${ME}?x=1`)],
    ['another method', request('POST', ME)],
    ['another token', request('GET', ME, { authorization: 'Bearer token-2' })],
    ['no token', request('GET', ME, { authorization: null })],
  ])('does not serve a request to %s, and keeps the answer', async (_, other) => {
    window.__startUpRequests = [sent('GET', ME)];
    expect(await takeStartUpResponse(other)).toBeUndefined();
    expect(window.__startUpRequests).toHaveLength(1);
  });

  it('serves a request with a body only when the body is the same', async () => {
    window.__startUpRequests = [sent('POST', PERMISSION, { body: '{"path":"/dashboard"}' })];
    expect(await takeStartUpResponse(request('POST', PERMISSION, { body: '{"path":"/dashboard/claim"}' }))).toBe(
      undefined,
    );
    expect(await takeStartUpResponse(request('POST', PERMISSION, { body: '{"path":"/dashboard"}' }))).toBeInstanceOf(
      Response,
    );
  });

  it('does not serve an answer older than the start-up', async () => {
    window.__startUpRequests = [sent('GET', ME)];
    const sentAt = window.__startUpRequests[0]!.sentAt;
    jest.spyOn(performance, 'now').mockReturnValue(sentAt + START_UP_ANSWER_FRESH_MS);
    expect(await takeStartUpResponse(request('GET', ME))).toBeUndefined();
  });

  it('does not serve a request already cancelled', async () => {
    window.__startUpRequests = [sent('GET', ME)];
    const controller = new AbortController();
    controller.abort();
    const cancelled = new Request(ME, { headers: { Authorization: BEARER }, signal: controller.signal });
    expect(await takeStartUpResponse(cancelled)).toBeUndefined();
    expect(window.__startUpRequests).toHaveLength(1);
  });

  it('sends the request itself when the start-up request failed, or when there was none', async () => {
    const network = mockFetch([{ method: 'GET', path: '/api/auth/me', body: { from: 'network' } }]);
    window.__startUpRequests = [sent('GET', ME, { answer: Promise.reject(new TypeError('Failed to fetch')) })];
    expect(await (await fetchOrTakeStartUpResponse(request('GET', ME))).json()).toEqual({ from: 'network' });
    expect(await (await fetchOrTakeStartUpResponse(request('GET', ME))).json()).toEqual({ from: 'network' });
    expect(network.calls).toHaveLength(2);
    network.restore();
  });
});
