import { QueryClient } from '@tanstack/react-query';
import {
  OFFLINE_ANSWERS_KEY,
  forgetOfflineAnswers,
  isKeptOffline,
  keepDrawing,
  keepOfflineAnswers,
  restoreOfflineAnswers,
} from './offline-answers';
import { readKeptDrawing } from './kept-answers';
import { fakeToken } from '@loyalty/shared/testing';

describe("the dashboard's and the card's last answers, kept for the session", () => {
  beforeEach(() => sessionStorage.clear());

  it('are those of the member, the figures and the permissions, nothing else', () => {
    expect(isKeptOffline(['member', 'me'])).toBe(true);
    expect(isKeptOffline(['points', 'balance'])).toBe(true);
    expect(isKeptOffline(['points', 'transactions', 'latest'])).toBe(true);
    expect(isKeptOffline(['permissions', '/dashboard/card'])).toBe(true);
    expect(isKeptOffline(['vouchers', 'list'])).toBe(true);
    expect(isKeptOffline(['points', 'transactions', 'page', { page: 2 }])).toBe(false);
    expect(isKeptOffline(['account', 'general'])).toBe(false);
  });

  it('come back with the time they were answered, and are gone once forgotten', async () => {
    jest.useFakeTimers();
    const client = new QueryClient();
    const stop = keepOfflineAnswers(client, () => true);
    client.setQueryData(['points', 'balance'], { pointBalance: 600 }, { updatedAt: 1_000 });
    client.setQueryData(['account', 'general'], { phone: '+44' });
    jest.runAllTimers();
    stop();
    jest.useRealTimers();
    const stored = sessionStorage.getItem(OFFLINE_ANSWERS_KEY) ?? '';
    expect(stored).toContain('pointBalance');
    expect(stored).not.toContain('+44');

    const next = new QueryClient();
    restoreOfflineAnswers(next);
    expect(next.getQueryData(['points', 'balance'])).toEqual({ pointBalance: 600 });
    expect(next.getQueryState(['points', 'balance'])?.dataUpdatedAt).toBe(1_000);
    // Only a stand-in until the server answers: the next load asks again, whatever the query's
    // freshness (a permission's is forever).
    expect(next.getQueryState(['points', 'balance'])?.isInvalidated).toBe(true);

    forgetOfflineAnswers();
    expect(sessionStorage.getItem(OFFLINE_ANSWERS_KEY)).toBeNull();
  });

  it('are written when the page is left, before their gathering delay has run out', () => {
    jest.useFakeTimers();
    const client = new QueryClient();
    const stop = keepOfflineAnswers(client, () => true);
    client.setQueryData(['points', 'balance'], { pointBalance: 600 });
    // A member who opens another page, or goes offline and reloads, at once.
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(OFFLINE_ANSWERS_KEY)).toContain('pointBalance');
    stop();
    jest.useRealTimers();
  });

  it("keep a figure's last answer when a page load's request for it fails", async () => {
    // The dashboard opened once online: its answers are kept.
    jest.useFakeTimers();
    const online = new QueryClient();
    const stopOnline = keepOfflineAnswers(online, () => true);
    online.setQueryData(['points', 'balance'], { pointBalance: 600 }, { updatedAt: 1_000 });
    jest.runAllTimers();
    stopOnline();
    jest.useRealTimers();

    // The next load starts from them, and its request for the balance gets no answer (the network
    // is gone, whatever the browser said), then the member opens another page.
    const failing = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    restoreOfflineAnswers(failing);
    const stop = keepOfflineAnswers(failing, () => true);
    await failing
      .fetchQuery({
        queryKey: ['points', 'balance'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
      })
      .catch(() => undefined);
    expect(failing.getQueryState(['points', 'balance'])?.status).toBe('error');
    window.dispatchEvent(new Event('pagehide'));
    stop();

    // The page after it still has the balance, as of when the server last gave it.
    const next = new QueryClient();
    restoreOfflineAnswers(next);
    expect(next.getQueryData(['points', 'balance'])).toEqual({ pointBalance: 600 });
    expect(next.getQueryState(['points', 'balance'])).toMatchObject({
      status: 'success',
      dataUpdatedAt: 1_000,
      error: null,
    });
  });

  it('keep nothing of a query that never had an answer', () => {
    jest.useFakeTimers();
    const client = new QueryClient();
    const stop = keepOfflineAnswers(client, () => true);
    void client
      .fetchQuery({ queryKey: ['points', 'pending'], queryFn: () => Promise.reject(new Error('no')), retry: false })
      .catch(() => undefined);
    client.setQueryData(['points', 'balance'], { pointBalance: 600 });
    window.dispatchEvent(new Event('pagehide'));
    stop();
    jest.useRealTimers();
    expect(sessionStorage.getItem(OFFLINE_ANSWERS_KEY)).not.toContain('pending');
  });

  it('are not written while no session is on', () => {
    jest.useFakeTimers();
    const client = new QueryClient();
    const stop = keepOfflineAnswers(client, () => false);
    client.setQueryData(['points', 'balance'], { pointBalance: 600 });
    window.dispatchEvent(new Event('pagehide'));
    jest.runAllTimers();
    stop();
    jest.useRealTimers();
    expect(sessionStorage.getItem(OFFLINE_ANSWERS_KEY)).toBeNull();
  });

  it("keep the card's codes' drawings while a member is signed in, and forget them with the answers", () => {
    const qr = '<svg viewBox="0 0 29 29" xmlns="http://www.w3.org/2000/svg"><path d="M4 4L11 4L11 11L4 11Z" /></svg>';
    keepDrawing('member-qr', qr);
    expect(readKeptDrawing(sessionStorage, 'member-qr', Date.now())).toBeUndefined();

    sessionStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) + 600));
    keepDrawing('member-qr', qr);
    expect(readKeptDrawing(sessionStorage, 'member-qr', Date.now())).toEqual({
      viewBox: '0 0 29 29',
      paths: ['M4 4L11 4L11 11L4 11Z'],
    });
    // The barcode beside it, its stroked bars kept as the rectangles they paint.
    keepDrawing(
      'member-barcode',
      '<svg viewBox="0 0 121 80"><path stroke="#000000" stroke-width="2" d="M11 80L11 0" /></svg>',
    );
    expect(readKeptDrawing(sessionStorage, 'member-qr', Date.now())?.viewBox).toBe('0 0 29 29');
    expect(readKeptDrawing(sessionStorage, 'member-barcode', Date.now())).toEqual({
      viewBox: '0 0 121 80',
      paths: ['M10 0H12V80H10Z'],
    });
    forgetOfflineAnswers();
    expect(readKeptDrawing(sessionStorage, 'member-qr', Date.now())).toBeUndefined();
    expect(readKeptDrawing(sessionStorage, 'member-barcode', Date.now())).toBeUndefined();
  });
});
