import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_MEMBER } from './support/demo-member';
import { signIn } from './support/sign-in';
import { API_ORIGIN, remoteOrigin } from './support/endpoints';
import { logOut, openFromNavigation } from './support/frame-actions';
import { serveMfPointsBroken, type BrokenServing } from './support/broken-remote';

test.describe('the federated slice', () => {
  test('sign in inside mf-auth, see the balance from mf-points, the name in the shell, log out', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // No name yet: the shell's top bar is not even there.
    await expect(page.getByTestId('top-bar-full-name')).toHaveCount(0);

    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);

    // One shared store: mf-auth's sign-in changed the shell's top bar without a page load.
    await expect(page.getByTestId('top-bar-full-name')).toHaveText(DEMO_MEMBER.fullName);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    // The balance comes from the mock API, through mf-points.
    const balance = await page.request.get(`${API_ORIGIN}/api/user/points/balance`, {
      headers: { Authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('accessToken'))}` },
    });
    const { data } = (await balance.json()) as { data: { pointBalance: number } };
    await expect(page.getByTestId('balance-pointBalance')).toHaveText(data.pointBalance.toLocaleString('en-GB'));

    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
  });

  test('React, the session store and the i18n instance are each loaded once for every app', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
    // The dashboard's own code takes its hooks from the query library and i18n, not from React;
    // the history's page calls React's hooks itself.
    await page.getByRole('link', { name: 'View all transactions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();

    const providers = await page.evaluate(() => {
      type Shared = { from: string; loaded?: boolean; useIn: string[] };
      const scopes = (
        globalThis as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, { default: Record<string, Record<string, Shared>> }> };
        }
      ).__FEDERATION__.__SHARE__;
      const report: Record<string, { versions: string[]; from: string[]; loaded: number; useIn: string[] }> = {};
      for (const scope of Object.values(scopes)) {
        for (const name of ['react', 'react-dom', '@loyalty/shared/session', '@loyalty/shared/i18n']) {
          const versions = scope.default[name] ?? {};
          const entry = (report[name] ??= { versions: [], from: [], loaded: 0, useIn: [] });
          for (const [version, shared] of Object.entries(versions)) {
            if (!entry.versions.includes(version)) entry.versions.push(version);
            if (!entry.from.includes(shared.from)) entry.from.push(shared.from);
            entry.useIn = [...new Set([...entry.useIn, ...shared.useIn])];
          }
        }
      }
      return report;
    });

    for (const name of ['react', 'react-dom', '@loyalty/shared/session', '@loyalty/shared/i18n']) {
      // One version, provided by one app (the shell) for the whole page.
      expect(providers[name]?.versions, name).toHaveLength(1);
      expect(providers[name]?.from, name).toEqual(['shell']);
    }
    // The remotes on the page use the shell's copies rather than their own: React everywhere,
    // and the session store in mf-auth, whose sign-in the shell's top bar reacted to.
    expect(providers.react?.useIn).toEqual(expect.arrayContaining(['shell', 'mf_auth', 'mf_points']));
    expect(providers['@loyalty/shared/i18n']?.useIn).toEqual(expect.arrayContaining(['shell', 'mf_auth', 'mf_points']));
    expect(providers['@loyalty/shared/session']?.useIn).toEqual(expect.arrayContaining(['shell', 'mf_auth']));
  });

  // The shell's behaviour with a broken remote, the fault faked with page routes: these journeys run
  // without the service worker (decision 068), whose own fetches page routes never see (it would
  // fetch the genuine files past them). The worker itself: e2e/tests/shell/offline.spec.ts.
  test.describe('with a broken remote', () => {
    test.use({ serviceWorkers: 'block' });

    test('with mf-points unreachable, the dashboard shows a fallback with Retry and the shell keeps working', async ({
      page,
    }) => {
      // Nothing answers on mf-points' origin, as when its server is stopped.
      await page.route(`${remoteOrigin('mf_points')}/**`, (route) => route.abort('connectionrefused'));
      await page.goto('/auth/login');
      await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);

      const main = page.getByRole('main');
      await expect(main.getByRole('alert')).toContainText('This part of the page could not be loaded.');
      await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(page.getByTestId('top-bar-full-name')).toHaveText(DEMO_MEMBER.fullName);

      // Navigation still works: another remote's page opens from the menu.
      await openFromNavigation(page, 'My account');
      await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();

      // The server is back: Retry loads the area without reloading the page.
      await openFromNavigation(page, 'Dashboard');
      await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
      await page.unroute(`${remoteOrigin('mf_points')}/**`);
      await main.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    });

    test('a remote whose module threw while it was evaluated is mended by Retry, without a reload', async ({
      page,
    }) => {
      // The chunk that holds mf-points' exposed routes module comes with that module throwing as it
      // is evaluated (a bad build served for a while), until the test mends it; Retry then evaluates
      // the remote afresh.
      let mended = false;
      const broken = await serveMfPointsBroken(page, { modules: 'routes', broken: () => !mended });
      await signInToFallbackThenRetry(page, broken, () => (mended = true));
    });

    test('a module the routes import, from a chunk of its own, is mended by Retry; the entry keeps its integrity', async ({
      page,
    }) => {
      // mf-points released with the integrity of its entry, as a release manifest records it.
      const entry = `${remoteOrigin('mf_points')}/remoteEntry.js`;
      const integrity = `sha384-${createHash('sha384')
        .update(await (await page.request.get(entry)).body())
        .digest('base64')}`;
      await page.route('**/release-manifest.json', async (route) => {
        const response = await route.fetch();
        const manifest = (await response.json()) as {
          remotes: Record<string, { stable: { entry: string; integrity?: string } } | undefined>;
        };
        const points = manifest.remotes.mf_points;
        if (!points || points.stable.entry !== entry) throw new Error(`mf-points is not released from ${entry}`);
        points.stable.integrity = integrity;
        await route.fulfill({ response, json: manifest });
      });
      // The integrity each mf-points entry script carried, in the order they were added.
      await page.addInitScript((src) => {
        const seen: (string | null)[] = [];
        Object.assign(window, { __pointsEntryScripts: seen });
        new MutationObserver((records) => {
          for (const node of records.flatMap((record) => [...record.addedNodes])) {
            if (node instanceof HTMLScriptElement && node.src === src) seen.push(node.getAttribute('integrity'));
          }
        }).observe(document, { childList: true, subtree: true });
      }, entry);
      // Every module of a chunk the routes module needs besides its own throws, until mended.
      let mended = false;
      const broken = await serveMfPointsBroken(page, { modules: 'routes-dependencies', broken: () => !mended });
      await signInToFallbackThenRetry(page, broken, () => (mended = true));
      // The entry was fetched again for each attempt, always with its integrity.
      const scripts = await page.evaluate(
        () => (window as { __pointsEntryScripts?: (string | null)[] }).__pointsEntryScripts,
      );
      expect(scripts?.length).toBeGreaterThan(1);
      expect(new Set(scripts)).toEqual(new Set([integrity]));
    });

    test("a passing fault in a remote's module is mended by the loader's own retries, with no fallback", async ({
      page,
    }) => {
      // Only the first copy of the routes module's chunk throws (a fault inside the module that
      // passes): the loader's next attempt evaluates the remote afresh.
      const broken = await serveMfPointsBroken(page, { modules: 'routes', broken: (served) => served === 0 });
      await page.goto('/auth/login');
      await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);

      await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
      expect(broken.served).toBe(1);
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    });

    test('a remote slower than the time limit says so with Retry, and still renders when it arrives', async ({
      page,
    }) => {
      // mf-points' files are held back until the test lets them through, as on a stalled network.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${remoteOrigin('mf_points')}/**`, async (route) => {
        await released;
        await route.continue().catch(() => undefined);
      });
      await page.goto('/auth/login');
      await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
      const main = page.getByRole('main');
      // Within the time limit (8 s), the skeleton; past it, the area says it is slow and offers Retry.
      await expect(main.getByRole('status').filter({ hasText: 'taking longer than usual' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(page.getByTestId('top-bar-full-name')).toHaveText(DEMO_MEMBER.fullName);
      // The code arrives late: the page comes without a click.
      release();
      await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
      await expect(main.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    });
  });
});

/**
 * Signs the demo member in with mf-points served broken: the dashboard's area shows its fallback.
 * Then `mend` (the fixed build is served again) and Retry: the dashboard comes, in the same page.
 */
async function signInToFallbackThenRetry(page: Page, broken: BrokenServing, mend: () => void) {
  await page.goto('/auth/login');
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toContainText('This part of the page could not be loaded.');
  expect(broken.served).toBeGreaterThan(0);
  mend();
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
}
