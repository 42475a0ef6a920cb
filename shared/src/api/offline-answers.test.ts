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

  it("keep the card's code drawing while a member is signed in, and forget it with the answers", () => {
    const qr = '<svg viewBox="0 0 29 29" xmlns="http://www.w3.org/2000/svg"><path d="M4 4L11 4L11 11L4 11Z" /></svg>';
    keepDrawing('member-qr', qr);
    expect(readKeptDrawing(sessionStorage, 'member-qr', Date.now())).toBeUndefined();

    sessionStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) + 600));
    keepDrawing('member-qr', qr);
    expect(readKeptDrawing(sessionStorage, 'member-qr', Date.now())).toEqual({
      viewBox: '0 0 29 29',
      paths: ['M4 4L11 4L11 11L4 11Z'],
    });
    forgetOfflineAnswers();
    expect(readKeptDrawing(sessionStorage, 'member-qr', Date.now())).toBeUndefined();
  });
});
