import { fakeToken } from '@loyalty/shared/testing';

/**
 * Evaluates mf-points' routes module anew, as the page does once, on `/dashboard`, and says how
 * many times it asked the query cache for the dashboard's figures.
 */
async function visitsWhenLoadedOnTheDashboard(): Promise<number> {
  window.history.replaceState(null, '', '/dashboard');
  let visits = 0;
  await jest.isolateModulesAsync(async () => {
    const { balanceQueryOptions } = await import('@loyalty/shared/api');
    const { queryClient } = await import('@loyalty/shared/api/query-client');
    const balanceKey = JSON.stringify(balanceQueryOptions().queryKey);
    jest.spyOn(queryClient, 'prefetchQuery').mockImplementation(async (query) => {
      if (JSON.stringify(query.queryKey) === balanceKey) visits += 1;
    });
    await import('./routes');
  });
  return visits;
}

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

describe("mf-points' routes on the page a member landed on", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("ask for the dashboard's figures at once for a member with a session", async () => {
    sessionStorage.setItem('accessToken', fakeToken(inSeconds(3600)));
    expect(await visitsWhenLoadedOnTheDashboard()).toBe(1);
  });

  it('ask for nothing signed out, or with an expired token: the API would refuse them', async () => {
    expect(await visitsWhenLoadedOnTheDashboard()).toBe(0);
    sessionStorage.setItem('accessToken', fakeToken(inSeconds(-60)));
    expect(await visitsWhenLoadedOnTheDashboard()).toBe(0);
  });
});
