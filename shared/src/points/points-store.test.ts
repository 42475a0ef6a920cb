import { setRuntimeConfig } from '@loyalty/shared/config';
import { mockFetch, ONE_TIER } from '@loyalty/shared/testing';
import { FRESH_FOR_A_VISIT_MS, pointsStore } from './points-store';

const PATHS = [
  '/api/user/points/balance',
  '/api/user/points/pending',
  '/api/auth/fetch-tiers',
  '/api/user/transactions/all',
];

describe('the points store', () => {
  let network: ReturnType<typeof mockFetch>;
  const requestsTo = (path: string) => network.calls.filter((call) => new URL(call.url).pathname === path).length;

  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    pointsStore.getState().clear();
    network = mockFetch([
      { method: 'GET', path: PATHS[0]!, body: { data: { pointBalance: 650, pointsPending: 40, totalClaimed: 700 } } },
      { method: 'GET', path: PATHS[1]!, body: { data: [] } },
      { method: 'GET', path: PATHS[2]!, body: { data: ONE_TIER } },
      { method: 'GET', path: PATHS[3]!, body: { data: [], total: 0, page: 1, pageSize: 5 } },
    ]);
  });

  afterEach(() => {
    network.restore();
    jest.useRealTimers();
  });

  it('answers a page visit with the requests already on their way, not a second set of them', async () => {
    const landing = pointsStore.getState().visit();
    const firstRender = pointsStore.getState().visit();
    await Promise.all([landing, firstRender]);
    for (const path of PATHS) expect(requestsTo(path)).toBe(1);
    expect(pointsStore.getState().balance?.pointBalance).toBe(650);
    expect(Object.values(pointsStore.getState().status)).toEqual(['ready', 'ready', 'ready', 'ready']);
  });

  it('serves a visit moments after the figures arrived with them, and asks again after that', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    await pointsStore.getState().visit();
    jest.advanceTimersByTime(FRESH_FOR_A_VISIT_MS - 1000);
    await pointsStore.getState().visit();
    for (const path of PATHS) expect(requestsTo(path)).toBe(1);
    jest.advanceTimersByTime(1000);
    await pointsStore.getState().visit();
    for (const path of PATHS) expect(requestsTo(path)).toBe(2);
  });

  it('asks again on every refresh (after a claim or a redemption), however recent the figures', async () => {
    await pointsStore.getState().visit();
    await pointsStore.getState().refresh();
    for (const path of PATHS) expect(requestsTo(path)).toBe(2);
  });

  it('asks again at once for a part that failed', async () => {
    network.restore();
    network = mockFetch([]);
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await pointsStore.getState().visit();
    expect(pointsStore.getState().status.balance).toBe('error');
    await pointsStore.getState().visit();
    for (const path of PATHS) expect(requestsTo(path)).toBe(2);
    expect(reported).toHaveBeenCalledWith('Points: balance failed to load', expect.anything());
    reported.mockRestore();
  });

  it('does not let a visit after the session ended wait for the previous member’s requests', async () => {
    const previousMember = pointsStore.getState().visit();
    pointsStore.getState().clear();
    await Promise.all([previousMember, pointsStore.getState().visit()]);
    for (const path of PATHS) expect(requestsTo(path)).toBe(2);
    expect(pointsStore.getState().balance?.pointBalance).toBe(650);
  });
});
