import { waitFor } from '@testing-library/react';
import { getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from '@loyalty/shared/config';
import { balanceQueryOptions, dashboardQueries } from '@loyalty/shared/api';
import { queryClient } from '@loyalty/shared/api/query-client';
import { sessionStore } from '@loyalty/shared/session';
import { fakeToken, mockFetch, ONE_TIER, TEST_USER } from '@loyalty/shared/testing';
import { prefetchDashboard, prefetchPermission } from '../routing/start-up-queries';
import { builtPrePaintScript } from './testing/built-script';

// A signed-in member's start-up requests leave before main.js (decision 019): theme-init.js,
// which the HTML runs first, loads start-up-requests.js, which sends them. These tests run the two
// scripts, then the start-up's own calls, as the bootstrap makes them, against the same stubbed
// network: every answer must be taken, and nothing asked for twice.
const PRE_PAINT_SCRIPT = builtPrePaintScript('theme-init');
const START_UP_SCRIPT = builtPrePaintScript('start-up-requests');

const API = [
  { method: 'GET', path: '/config.json', body: { HOST_API: 'http://localhost/', RELEASE_MANIFEST_URL: '/m.json' } },
  { method: 'GET', path: '/api/auth/me', body: { data: TEST_USER } },
  {
    method: 'POST',
    path: '/api/user/check-permissions',
    body: { data: { access: true, read_access: true, write_access: true } },
  },
  {
    method: 'GET',
    path: '/api/user/points/balance',
    body: { data: { pointBalance: 650, pointsPending: 40, totalClaimed: 700, nextExpiry: null } },
  },
  { method: 'GET', path: '/api/user/points/pending', body: { data: [] } },
  { method: 'GET', path: '/api/auth/fetch-tiers', body: { data: ONE_TIER } },
  { method: 'GET', path: '/api/user/transactions/all', body: { data: [], total: 0, page: 1, pageSize: 5 } },
];

function signIn(token = fakeToken(Math.floor(Date.now() / 1000) + 3600)) {
  sessionStorage.setItem('accessToken', token);
  sessionStorage.setItem('email', TEST_USER.RelationReference);
  sessionStorage.setItem('fullName', TEST_USER.FullName);
}

/**
 * Opens `pathname` as far as the page's scripts before main.js go: the pre-paint script, then the
 * start-up script if it asked for it (jsdom fetches no scripts: it is run here as Chromium would).
 */
function runPrePaintScripts(pathname: string) {
  window.history.pushState({}, '', pathname);
  // Indirect eval: in the page's global scope, as a classic script runs.
  (0, eval)(PRE_PAINT_SCRIPT);
  const startUp = document.head.querySelector('script[src="/start-up-requests.js"]');
  if (startUp) {
    startUp.remove();
    (0, eval)(START_UP_SCRIPT);
  }
}

/** The application's start-up, as shell/src/bootstrap.tsx makes it. */
async function startAsTheBootstrapDoes() {
  await loadRuntimeConfig();
  await Promise.all([
    sessionStore.getState().initialize(),
    prefetchPermission(window.location.pathname),
    prefetchDashboard(),
  ]);
}

/** What the start-up script left for the application to take. */
const waiting = () => (window as { __startUpRequests?: unknown[] }).__startUpRequests;

const asked = (network: ReturnType<typeof mockFetch>) =>
  network.calls.map((call) => `${call.method} ${new URL(call.url).pathname}`);

describe("a signed-in member's start-up requests", () => {
  let network: ReturnType<typeof mockFetch>;
  const initialConfig = getRuntimeConfig();

  beforeEach(() => {
    network = mockFetch(API);
  });

  afterEach(() => {
    jest.restoreAllMocks();
    network.restore();
    Reflect.deleteProperty(window, '__startUpRequests');
    Reflect.deleteProperty(window, '__startUpConfig');
    sessionStore.getState().clear();
    queryClient.clear();
    sessionStorage.clear();
    setRuntimeConfig(initialConfig);
    window.history.pushState({}, '', '/');
  });

  it('on the dashboard, go out before the application, which takes every answer and asks for none again', async () => {
    signIn();
    runPrePaintScripts('/dashboard');
    await waitFor(() => expect(network.calls).toHaveLength(API.length));
    expect(asked(network)).toEqual(API.map(({ method, path }) => `${method} ${path}`));

    await startAsTheBootstrapDoes();

    expect(network.calls).toHaveLength(API.length);
    expect(waiting()).toEqual([]);
    expect(getRuntimeConfig().RELEASE_MANIFEST_URL).toBe('/m.json');
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user: TEST_USER });
    expect(queryClient.getQueryData(balanceQueryOptions().queryKey)).toEqual({
      pointBalance: 650,
      pointsPending: 40,
      totalClaimed: 700,
      nextExpiry: null,
    });
    expect(dashboardQueries().map(({ queryKey }) => queryClient.getQueryState(queryKey)?.status)).toEqual([
      'success',
      'success',
      'success',
      'success',
    ]);
  });

  it('serve an application that starts before the configuration has come back (main.js from the cache)', async () => {
    signIn();
    runPrePaintScripts('/dashboard');

    // No wait for the script's requests: the start-up runs at once, as main.js from the cache does.
    await startAsTheBootstrapDoes();

    expect(asked(network)).toEqual(API.map(({ method, path }) => `${method} ${path}`));
    expect(waiting()).toEqual([]);
  });

  it("are out before the application reads the configuration, whichever copy's read ends first", async () => {
    // In Chromium, this script's copy of the configuration may be read after the application's
    // (both wait on the network's body): the copy here ends last.
    const clone = Response.prototype.clone;
    jest.spyOn(Response.prototype, 'clone').mockImplementation(function (this: Response) {
      const copy = clone.call(this);
      const json = copy.json.bind(copy);
      copy.json = () => new Promise((resolve) => setTimeout(resolve, 20)).then(json);
      return copy;
    });
    signIn();
    runPrePaintScripts('/dashboard');

    await startAsTheBootstrapDoes();
    // Past the copy's read: nothing is sent after the application's start-up either.
    await new Promise((resolve) => setTimeout(resolve, 60));

    expect(asked(network)).toEqual(API.map(({ method, path }) => `${method} ${path}`));
    expect(waiting()).toEqual([]);
  });

  it('hand a 401 to the application as any answer: the session ends, and nothing is asked again', async () => {
    network.restore();
    network = mockFetch(
      API.map((route) => (route.path === '/api/auth/me' ? { ...route, status: 401, body: {} } : route)),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    runPrePaintScripts('/dashboard/claim');
    await waitFor(() => expect(network.calls).toHaveLength(3));

    await loadRuntimeConfig();
    await sessionStore.getState().initialize();

    expect(sessionStore.getState().status).toBe('unauthenticated');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    expect(network.calls).toHaveLength(3);
  });

  it('on another dashboard page, ask for the member and the permission only', async () => {
    signIn();
    runPrePaintScripts('/dashboard/claim');
    await waitFor(() => expect(network.calls).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked(network)).toEqual(['GET /config.json', 'GET /api/auth/me', 'POST /api/user/check-permissions']);
    expect(await network.calls[2]!.text()).toBe('{"path":"/dashboard/claim"}');
  });

  it('are not sent once the application has started: it asks for itself', async () => {
    signIn();
    window.history.pushState({}, '', '/dashboard');
    await loadRuntimeConfig();
    runPrePaintScripts('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked(network)).toEqual(['GET /config.json']);
    expect(waiting()).toBeUndefined();
  });

  it.each([
    ['signed out', () => undefined, '/dashboard'],
    ['with an expired token', () => signIn(fakeToken(Math.floor(Date.now() / 1000) - 60)), '/dashboard'],
    ['on the sign-in page', () => signIn(), '/auth/login'],
  ])('are not sent %s', async (_, arrange, pathname) => {
    arrange();
    runPrePaintScripts(pathname);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(network.calls).toHaveLength(0);
    expect(waiting()).toBeUndefined();
  });
});
