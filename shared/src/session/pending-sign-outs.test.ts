import { setRuntimeConfig } from '@loyalty/shared/config';
import { mockFetch } from '@loyalty/shared/testing';
import { keepSignOutKey, pendingSignOutCount, PENDING_SIGN_OUTS_KEY, sendPendingSignOuts } from './pending-sign-outs';

const nowSeconds = () => Math.floor(Date.now() / 1000);
function tokenWithKey(exp: number, sok?: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'member-1', exp, sok })}.signature`;
}
const keptKeys = () =>
  (JSON.parse(localStorage.getItem(PENDING_SIGN_OUTS_KEY) ?? '[]') as { key: string }[]).map(({ key }) => key);

describe('sign-outs waiting for the server (decision 078)', () => {
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    localStorage.clear();
  });

  it("keeps a token's key, never the token; nothing for a token without one or no token", () => {
    const token = tokenWithKey(nowSeconds() + 600, 'a.1.mac');
    expect(keepSignOutKey(token)).toBe(true);
    expect(keepSignOutKey(token)).toBe(true);
    expect(keepSignOutKey(tokenWithKey(nowSeconds() + 600))).toBe(false);
    expect(keepSignOutKey('not-a-token')).toBe(false);
    expect(keepSignOutKey(null)).toBe(false);
    expect(keptKeys()).toEqual(['a.1.mac']);
    expect(localStorage.getItem(PENDING_SIGN_OUTS_KEY)).not.toContain(token);
  });

  it('keeps ten at most, the latest, and drops those whose session has run out', () => {
    for (let index = 0; index < 12; index++) keepSignOutKey(tokenWithKey(nowSeconds() + 600, `k${index}`));
    expect(keptKeys()).toEqual(['k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10', 'k11']);
    localStorage.setItem(PENDING_SIGN_OUTS_KEY, JSON.stringify([{ key: 'old', until: Date.now() - 1 }, 'junk']));
    expect(pendingSignOutCount()).toBe(0);
    localStorage.setItem(PENDING_SIGN_OUTS_KEY, '{not json');
    expect(pendingSignOutCount()).toBe(0);
  });

  it('forgets a key the API settled (ended, already over, refused); keeps one refused for now', async () => {
    for (const key of ['ended', 'over', 'refused', 'busy', 'failing']) {
      keepSignOutKey(tokenWithKey(nowSeconds() + 600, key));
    }
    const answers: Record<string, { status: number; body: object }> = {
      ended: { status: 200, body: { message: 'Logged out successfully' } },
      over: { status: 404, body: { message: 'That sign-in had already ended.' } },
      refused: { status: 422, body: { message: 'This sign-out key is not valid.' } },
      busy: { status: 429, body: { message: 'Too many attempts', retryAfter: 60 } },
      failing: { status: 503, body: { message: 'Unavailable' } },
    };
    const { fetch } = globalThis;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const { key } = (await request.json()) as { key: string };
      const answer = answers[key]!;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }) as typeof fetch;
    try {
      await sendPendingSignOuts();
    } finally {
      globalThis.fetch = fetch;
    }
    expect(keptKeys()).toEqual(['busy', 'failing']);
  });

  it('sends nothing while the browser says it is offline', async () => {
    keepSignOutKey(tokenWithKey(nowSeconds() + 600, 'waiting'));
    const network = mockFetch([]);
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await sendPendingSignOuts();
    onLine.mockRestore();
    expect(network.calls).toHaveLength(0);
    expect(keptKeys()).toEqual(['waiting']);
    network.restore();
  });
});
