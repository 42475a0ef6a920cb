import type { APIRequestContext, Page, Request } from '@playwright/test';
import { REMOTE_ORIGINS, remoteOrigin, SHELL_ORIGIN } from '../support/endpoints';
import { expect, test } from '../support/fixtures';
import { startSignedIn } from '../support/session';
import { signIn } from '../support/sign-in';

/**
 * What stands between a member and the page they landed on, on a phone: the round trips after
 * main.js (the remote's entry, its routes module) and the work in the main thread. Each test here
 * guards one piece of that path that was taken out of it.
 */

/** The origins a `Link` header preconnects to, and whether each is in CORS mode. */
function preconnects(link: string | undefined): Record<string, boolean> {
  return Object.fromEntries(
    (link ?? '')
      .split(',')
      .map((value) => /^\s*<([^>]+)>((?:\s*;\s*[^;]+)*)$/.exec(value))
      .filter((match) => match && /;\s*rel=preconnect\b/.test(match[2]!))
      .map((match) => [match![1]!, /;\s*crossorigin\b/.test(match![2]!)]),
  );
}

/**
 * Holds back the responses matching `held` (up to 10 s) until a request that `isAsked` accepts has
 * gone out, and tells afterwards whether one had: a page that asked for it only once the held
 * response had arrived and run would not have.
 */
async function holdUntilAsked(page: Page, held: string | RegExp, isAsked: (request: Request) => boolean) {
  let askedFor!: () => void;
  const asked = new Promise<'asked'>((resolve) => (askedFor = () => resolve('asked')));
  page.on('request', (request) => {
    if (isAsked(request)) askedFor();
  });
  let answer: 'asked' | 'not asked' | undefined;
  await page.route(held, async (route) => {
    answer ??= await Promise.race([
      asked,
      new Promise<'not asked'>((resolve) => setTimeout(() => resolve('not asked'), 10_000)),
    ]);
    await route.continue();
  });
  return () => answer;
}

test.describe('the connection to the remotes', () => {
  test("the shell's pages preconnect to every released remote's origin, in CORS mode", async ({ request }) => {
    const corsMode = Object.fromEntries(Object.values(REMOTE_ORIGINS).map((origin) => [origin, true]));
    for (const path of ['/auth/login', '/dashboard', '/dashboard/user/account']) {
      const response = await request.get(`${SHELL_ORIGIN}${path}`);
      expect(preconnects(response.headers()['link']), path).toEqual(corsMode);
    }
  });

  test("a remote's entry is fetched in CORS mode, like its chunks, so it can use that connection", async ({ page }) => {
    const origins = new Map<string, string | undefined>();
    page.on('request', async (request) => {
      if (request.url().startsWith(remoteOrigin('mf_auth')) && request.resourceType() === 'script') {
        origins.set(new URL(request.url()).pathname, (await request.allHeaders())['origin']);
      }
    });
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    // A script fetched without CORS carries no Origin, and travels over connections of its own.
    await expect.poll(() => origins.get('/remoteEntry.js')).toBe(SHELL_ORIGIN);
    for (const [file, origin] of origins) expect(origin, file).toBe(SHELL_ORIGIN);
  });
});

/** The scripts a remote's build lists as those its entry asks for at once (`landing-scripts.json`). */
async function landingScriptsOf(request: APIRequestContext, origin: string): Promise<string[]> {
  const { scripts } = (await (await request.get(`${origin}/landing-scripts.json`)).json()) as { scripts: string[] };
  return scripts.map((file) => `${origin}/${file}`);
}

test.describe("the landing page's remote entry", () => {
  for (const { path, remote, signedIn } of [
    { path: '/auth/login', remote: 'mf_auth', signedIn: false },
    { path: '/dashboard', remote: 'mf_points', signedIn: true },
  ] as const) {
    // The sign-in pages preload the scripts the entry asks for at once too; the signed-in pages
    // preload the entry alone (decision 016).
    const withScripts = !signedIn;
    test(`${path} asks for the entry of ${remote}${withScripts ? ' and the scripts it needs at once' : ''} beside main.js, each once`, async ({
      page,
      member,
      request,
    }) => {
      if (signedIn) await startSignedIn(page, member);
      const entry = `${remoteOrigin(remote)}/remoteEntry.js`;
      const landing = [entry, ...(withScripts ? await landingScriptsOf(request, remoteOrigin(remote)) : [])];
      const requests = new Map<string, number>();
      page.on('request', (asked) => {
        if (landing.includes(asked.url())) requests.set(asked.url(), (requests.get(asked.url()) ?? 0) + 1);
      });
      // main.js is held back until all of them have been asked for.
      const beforeMainJs = await holdUntilAsked(page, /\/main\.js(\?|$)/, () => requests.size === landing.length);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      expect(beforeMainJs()).toBe('asked');
      // The federation runtime's scripts used the preloads: a preload they did not match (another
      // mode, another integrity) would be fetched a second time.
      expect(Object.fromEntries(requests)).toEqual(Object.fromEntries(landing.map((url) => [url, 1])));
    });
  }

  test("a remote's build lists its routes module's chunks and its English texts as the scripts its entry asks for at once", async ({
    request,
  }) => {
    for (const origin of Object.values(REMOTE_ORIGINS)) {
      const federation = (await (await request.get(`${origin}/mf-manifest.json`)).json()) as {
        exposes: { name: string; assets: { js: { sync: string[] } } }[];
      };
      const routesModule = federation.exposes.find((expose) => expose.name === 'routes')!.assets.js.sync;
      const scripts = await landingScriptsOf(request, origin);
      expect(scripts, origin).toEqual([
        ...routesModule.map((file) => `${origin}/${file}`),
        expect.stringMatching(/\/texts-\w+-en-json\.\w+\.js$/),
      ]);
    }
  });
});

test.describe("the dashboard's code", () => {
  test("the dashboard page's code leaves with mf-points' routes module, not after it has run", async ({
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    // The routes module is held back until another of mf-points' chunks (not its texts) has been
    // asked for.
    const beforeTheRoutes = await holdUntilAsked(
      page,
      `${remoteOrigin('mf_points')}/__federation_expose_routes.*`,
      (request) => {
        const file = request.url().startsWith(remoteOrigin('mf_points')) ? new URL(request.url()).pathname : '';
        return /^\/(?!remoteEntry|texts-|__federation_expose_routes)[^/]+\.js$/.test(file);
      },
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 15_000 });
    expect(beforeTheRoutes()).toBe('asked');
  });
});

test.describe("the landing page's data", () => {
  test("the dashboard's figures are asked for beside mf-points' code, not after it", async ({ page, member }) => {
    await startSignedIn(page, member);
    // mf-points' entry is held back until the figures have been asked for. The pending points are
    // watched, as the top bar asks for the balance by itself.
    const beforeTheEntry = await holdUntilAsked(page, `${remoteOrigin('mf_points')}/remoteEntry.js`, (request) =>
      request.url().includes('/api/user/points/pending'),
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
    expect(beforeTheEntry()).toBe('asked');
  });

  test("a signed-in member's start-up asks the API before main.js has arrived, and the application takes each answer instead of asking again", async ({
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    const startUp = [
      'GET /config.json',
      'GET /api/auth/me',
      'POST /api/user/check-permissions',
      'GET /api/user/points/balance',
      'GET /api/user/points/pending',
      'GET /api/auth/fetch-tiers',
      'GET /api/user/transactions/all?pageSize=5',
    ];
    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== SHELL_ORIGIN || !/^\/(api\/|config\.json)/.test(url.pathname)) return;
      const key = `${request.method()} ${url.pathname}${url.search}`;
      asked.set(key, (asked.get(key) ?? 0) + 1);
    });
    const beforeMainJs = await holdUntilAsked(page, /\/main\.js(\?|$)/, () => startUp.every((key) => asked.has(key)));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(beforeMainJs()).toBe('asked');
    // The cards below the figures ask once the balance has painted, from a chunk of their own:
    // on a busy machine after the network has first gone quiet.
    await expect.poll(() => asked.has('GET /api/user/vouchers') && asked.has('GET /api/user/bookings')).toBe(true);
    // Each once: the configuration's loader, the session, the permission gate and the points
    // store took the answers (none is left waiting), and asked for nothing again. The dashboard's
    // active vouchers and upcoming stays are asked for by their cards, below the figures, once the
    // balance is on screen.
    expect(Object.fromEntries(asked)).toEqual({
      ...Object.fromEntries(startUp.map((key) => [key, 1])),
      'GET /api/user/vouchers': 1,
      'GET /api/user/bookings': 1,
    });
    const waiting = await page.evaluate(
      () => (window as unknown as { __startUpRequests?: unknown[] }).__startUpRequests?.length,
    );
    expect(waiting).toBe(0);
  });
});

/** Records, with the script it came from, each `Intl.Locale` and `Intl.NumberFormat` built. */
async function watchIntlLocaleData(page: Page) {
  await page.addInitScript(() => {
    const built: { api: string; stack: string }[] = [];
    Object.assign(window, { __intlBuilt: built });
    for (const api of ['Locale', 'NumberFormat'] as const) {
      const watched = new Proxy(Intl[api], {
        construct(target, args, newTarget) {
          built.push({ api, stack: new Error().stack ?? '' });
          return Reflect.construct(target, args, newTarget) as object;
        },
      });
      Object.assign(Intl, { [api]: watched });
    }
  });
  return () =>
    page.evaluate(() => (window as unknown as { __intlBuilt: { api: string; stack: string }[] }).__intlBuilt);
}

test.describe("the browser's locale data", () => {
  test('sign-in loads none: no Intl.Locale (the text direction is known), no number formatter, no worker', async ({
    page,
  }) => {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const built = await watchIntlLocaleData(page);
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect((await built()).map(({ api }) => api)).toEqual([]);
    expect(workers).toEqual([]);
  });

  test("a signed-in page has a worker load its locale data, and builds its formatters on the page's own data", async ({
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    const built = await watchIntlLocaleData(page);
    // theme-init.js starts the worker before the first paint; it loads the data and ends itself.
    const workerEnded = new Promise<string>((resolve) => {
      page.on('worker', (worker) => worker.once('close', () => resolve(worker.url())));
      setTimeout(() => resolve('no worker ended within 15 s'), 15_000);
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Points to spend').first()).toBeVisible();
    expect(await workerEnded).toBe(`${SHELL_ORIGIN}/locale-data.js`);

    // On the page's main thread, nothing builds an Intl.Locale, and theme-init.js builds no
    // formatter: the portal's own are the first.
    const all = await built();
    expect(all.map(({ api }) => api)).not.toContain('Locale');
    expect(all.length).toBeGreaterThan(0);
    for (const { stack } of all) expect(stack).not.toContain('/theme-init.js');
  });
});

test.describe('every script once', () => {
  /**
   * Counts the scripts `page` asks for, and the preloads the browser says it did not use: a preload
   * whose mode or integrity differs from its script's is not used, and the script is fetched again
   * (decision 055: chunks carry their SHA-384, and so do their preloads).
   */
  function watchScripts(page: Page) {
    const unusedPreloads: string[] = [];
    page.on('console', (message) => {
      if (/preload .* not used/i.test(message.text())) unusedPreloads.push(message.text());
    });
    const fetched = new Map<string, number>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.set(request.url(), (fetched.get(request.url()) ?? 0) + 1);
    });
    return {
      unusedPreloads,
      remoteScripts: () =>
        [...fetched.keys()].filter((url) => Object.values(REMOTE_ORIGINS).some((origin) => url.startsWith(origin))),
      fetchedTwice: () => [...fetched].filter(([, count]) => count > 1).map(([url]) => url),
    };
  }

  test('signing in and opening the dashboard fetch no script twice: every preload matches its script tag', async ({
    page,
    member,
  }) => {
    const scripts = watchScripts(page);
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await signIn(page, member.email, member.password);
    await expect(page.locator('[data-remote="mf_points"]').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The landing scripts of mf-auth (preloaded), its pages, mf-points' entry and chunks.
    expect(scripts.remoteScripts().length).toBeGreaterThan(4);
    expect(scripts.fetchedTwice()).toEqual([]);
    expect(scripts.unusedPreloads).toEqual([]);
  });

  test('the dashboard opened signed in fetches no script twice', async ({ page, member }) => {
    const scripts = watchScripts(page);
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    await expect(page.locator('[data-remote="mf_points"]').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.remoteScripts().length).toBeGreaterThan(2);
    expect(scripts.fetchedTwice()).toEqual([]);
    expect(scripts.unusedPreloads).toEqual([]);
  });
});
