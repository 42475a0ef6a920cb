import type { Page } from '@playwright/test';
import { expect, test, type TestMember } from '../support/fixtures';
import { keptAnywhere } from '../support/kept-on-device';
import { API_ORIGIN, SHELL_ORIGIN } from '../support/endpoints';
import { logOut, openAccountMenu } from '../support/frame-actions';
import { expectNoA11yViolations } from '../support/axe';
import { claimByApi, createBooking, ENDED, givePoints, openSignedIn } from '../points/points-support';

/** The entries a session and its offline use write in the tab (docs/product/accounts.md). */
const MEMBER_ENTRIES = ['offlineAnswers', 'keptDrawings', 'accessToken', 'email', 'fullName'];

/** Every place a page can keep data: its storages, IndexedDB's databases, Cache Storage's requests. */
function keptOnDevice(page: Page) {
  return page.evaluate(async () => {
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      cached.push(...(await (await caches.open(name)).keys()).map((request) => request.url));
    }
    return {
      sessionStorage: Object.keys(sessionStorage),
      localStorage: Object.keys(localStorage),
      indexedDb: (await indexedDB.databases()).map((database) => database.name),
      cached,
    };
  });
}

/**
 * A member who signed in on this device: the sign-in page, then the dashboard and the card, each
 * visited once online, and the account menu opened once, so that each is there offline.
 */
async function visitOnce(page: Page, member: TestMember) {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The worker keeps what this first page loaded (the landing remote too) once it runs.
  await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), page.url())).toBe(true);
  await openSignedIn(page, member, '/dashboard');
  await expect(page.getByRole('region', { name: member.fullName }).getByTestId('balance-pointBalance')).toBeVisible();
  // The worker comes once the first page's network is quiet, never while it loads.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await openAccountMenu(page);
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/card');
  await expect(page.getByRole('img', { name: /^QR code of member number \d/ })).toBeVisible();
  await page.goto('/dashboard');
  await expect
    .poll(async () => {
      const entries = await page.evaluate(() => Object.keys(sessionStorage));
      const cached = await page.evaluate(async (url) => Boolean(await caches.match(url)), page.url());
      return cached && MEMBER_ENTRIES.every((entry) => entries.includes(entry));
    })
    .toBe(true);
}

test.describe('the portal on a phone', () => {
  test('the page links a web app manifest that installs it, with its icons and the card one tap away', async ({
    page,
    request,
  }) => {
    await page.goto('/auth/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await request.get(new URL(href!, SHELL_ORIGIN).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
      shortcuts: Array<{ url: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Loyalty Rewards', start_url: '/dashboard', display: 'standalone' });
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toContain('/dashboard/card');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await request.get(new URL(icon.src, SHELL_ORIGIN).href);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toBe(icon.type);
    }

    // In Arabic, the phone is offered the portal under Arabic names, right to left.
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.reload();
    const arabicHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(arabicHref).toBe('/manifest.ar.webmanifest');
    const arabic = await request.get(new URL(arabicHref!, SHELL_ORIGIN).href);
    expect(arabic.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(await arabic.json()).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      short_name: 'المكافآت',
      shortcuts: [{ name: 'بطاقة العضوية', url: '/dashboard/card' }],
    });
  });

  test('the service worker is served fresh with the scope /, and the sign-in page opens again offline', async ({
    page,
    context,
    request,
  }) => {
    const worker = await request.get(`${SHELL_ORIGIN}/sw.js`);
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${SHELL_ORIGIN}/`);
    // What the first visit loaded before the worker ran is kept too (the page hands it the list).
    await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), page.url())).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await context.setOffline(false);

    // What the worker costs each load is kept small: the page's request starts as the worker
    // starts, and the API and the reports go to the network without waking it (static routing).
    await page.reload();
    const routed = await page.evaluate(async () => {
      const paths = ['/api/auth/me', '/telemetry/v1/health'];
      await Promise.all(paths.map((path) => fetch(path).then((response) => response.text())));
      const entries = performance.getEntriesByType('resource') as Array<
        PerformanceResourceTiming & { workerMatchedSourceType?: string }
      >;
      return {
        preload: (await (await navigator.serviceWorker.ready).navigationPreload.getState()).enabled,
        sources: paths.map((path) => entries.find((entry) => entry.name.endsWith(path))?.workerMatchedSourceType),
      };
    });
    expect(routed).toEqual({ preload: true, sources: ['network', 'network'] });
  });

  test('a signed-in member opens the dashboard and the card offline, as of the last answers, until sign-out', async ({
    page,
    context,
    api,
    member,
  }) => {
    // A long journey, online and offline, on a machine that may be loaded.
    test.slow();
    const booking = await createBooking(api, ENDED, 600);
    await claimByApi(api, member, booking.bookingId, booking.startDate);
    await openSignedIn(page, member, '/dashboard');
    const card = page.getByRole('region', { name: member.fullName });
    await expect(card.getByTestId('balance-pointBalance')).toHaveText('600');
    // The worker comes once the first page's network is quiet, never while it loads.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // One visit of each page: the worker keeps their files, the session the dashboard's answers.
    await page.goto('/dashboard/card');
    await expect(page.getByRole('img', { name: /^QR code of member number \d/ })).toBeVisible();
    await page.goto('/dashboard/claim');
    await expect(page.getByLabel('Booking ID')).toBeVisible();
    await page.goto('/dashboard');
    await expect
      .poll(async () => {
        const kept = await keptOnDevice(page);
        const answers = await page.evaluate(() => sessionStorage.getItem('offlineAnswers') ?? '');
        return answers.includes('"balance"') && kept.cached.includes(page.url());
      })
      .toBe(true);

    // A load whose requests get no answer though the browser says it is online (a network gone
    // without a word, a captive portal): the member stays signed in, and the figures stay kept for
    // the pages opened next, although every request for them failed.
    const unanswered: string[] = [];
    await page.route('**/api/**', (route) => {
      unanswered.push(new URL(route.request().url()).pathname);
      return route.abort('internetdisconnected');
    });
    await page.reload();
    // Each asked twice: by the page's start-up script, then by the application itself.
    await expect
      .poll(() =>
        ['/api/auth/me', '/api/user/points/balance'].every(
          (path) => unanswered.filter((sent) => sent === path).length >= 2,
        ),
      )
      .toBe(true);
    await page.goto('/dashboard/card');
    await expect(page.getByRole('img', { name: /^QR code of member number \d/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account menu of / })).toBeVisible();
    await page.unroute('**/api/**');

    await context.setOffline(true);
    await page.goto('/dashboard');
    const notice = page.getByTestId('offline-notice');
    await expect(notice).toContainText(/your figures as of .+\d/);
    await expect(notice).toContainText('Claims, redemptions and profile changes need a connection.');
    await expect(card.getByTestId('balance-pointBalance')).toHaveText('600');
    await page.goto('/dashboard/card');
    await expect(page.getByRole('img', { name: /^QR code of member number \d/ })).toBeVisible();
    await expect(notice).toContainText(/as of/);
    // A claim says it needs a connection, and keeps what was typed.
    await page.goto('/dashboard/claim');
    await page.getByLabel('Booking ID').fill('BK-OFFLINE-1');
    await page.getByLabel('Booking date').fill(ENDED.startDate);
    await page.getByRole('button', { name: 'Claim points' }).click();
    await expect(page.getByRole('main')).toContainText('You are offline. This needs a connection');
    await expect(page.getByLabel('Booking ID')).toHaveValue('BK-OFFLINE-1');
    await context.setOffline(false);

    // A reward chosen on the rewards page as the network goes: the redemption says it needs a
    // connection, takes nothing, and the choice is still there to redeem once it is back.
    await page.goto('/dashboard/rewards?category=upgrades');
    const redeem = page.getByRole('button', { name: 'Redeem Late check-out' });
    await expect(redeem).toBeEnabled();
    await context.setOffline(true);
    await redeem.click();
    await page
      .getByRole('alertdialog', { name: 'Confirm the reward' })
      .getByRole('button', { name: 'Yes, redeem' })
      .click();
    await expect(page.getByTestId('reward-outcome')).toContainText('You are offline. This needs a connection');
    await expect(redeem).toBeEnabled();
    expect(new URL(page.url()).searchParams.get('category')).toBe('upgrades');

    // Back online, the figures are the server's again.
    const another = await createBooking(api, ENDED, 300);
    await claimByApi(api, member, another.bookingId, another.startDate);
    await context.setOffline(false);
    await page.goto('/dashboard');
    await expect(card.getByTestId('balance-pointBalance')).toHaveText('900');
    await expect(notice).toHaveCount(0);

    await expect
      .poll(() => page.evaluate(() => Object.keys(sessionStorage)))
      .toEqual(expect.arrayContaining(['offlineAnswers', 'keptDrawings']));
    await logOut(page);
    await expect(page.getByRole('button', { name: /^Account menu of / })).toHaveCount(0);
    // Online, the server ended the sign-in there and then: nothing waits to tell it, nothing said.
    await expect(page.getByTestId('signed-out-notice')).toHaveCount(0);
    const kept = await keptOnDevice(page);
    for (const entry of MEMBER_ENTRIES) expect(kept.sessionStorage).not.toContain(entry);
    expect(kept.localStorage.filter((key) => /offline|query|token|kept|email|name|member|signout/i.test(key))).toEqual(
      [],
    );
    expect(kept.indexedDb).toEqual([]);
    expect(kept.cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    expect(await keptAnywhere(page, [member.email, member.token])).toEqual([]);
  });

  test('signing out offline leaves nothing of the member on the device; back online, the server ends it', async ({
    page,
    context,
    request,
    api,
    member,
  }) => {
    test.slow();
    await givePoints(api, member, 600);
    await visitOnce(page, member);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('region', { name: member.fullName }).getByTestId('balance-pointBalance')).toHaveText(
      '600',
    );
    await logOut(page);

    // Signed out here, and told what happens on the server's side.
    await expect(page.getByRole('button', { name: /^Account menu of / })).toHaveCount(0);
    expect(new URL(page.url()).pathname).not.toMatch(/^\/dashboard/);
    const notice = page.getByTestId('signed-out-notice');
    await expect(notice).toContainText('You are signed out on this device, and nothing of yours is kept on it.');
    await expect(notice).toContainText('it will be ended as soon as this device is back online');
    await expectNoA11yViolations(page, 'signed out offline');
    const kept = await keptOnDevice(page);
    for (const entry of MEMBER_ENTRIES) expect(kept.sessionStorage).not.toContain(entry);
    expect(kept.indexedDb).toEqual([]);
    expect(kept.cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    // The sign-out key alone waits, and it names neither the member nor the token.
    expect(kept.localStorage).toContain('pendingSignOuts');
    expect(await keptAnywhere(page, [member.email, member.token, member.fullName])).toEqual([]);
    // Meanwhile the server still knows the sign-in.
    const me = () =>
      request
        .get(`${API_ORIGIN}/api/auth/me`, { headers: { Authorization: `Bearer ${member.token}` } })
        .then((response) => response.status());
    expect(await me()).toBe(200);

    // Back online: the key goes, the old token is refused, and the sign-in is off the member's list.
    await context.setOffline(false);
    await expect(notice).toContainText('Your sign-in has now been ended on the server too.');
    await expect.poll(me).toBe(401);
    expect((await keptOnDevice(page)).localStorage).not.toContain('pendingSignOuts');
    await expectNoA11yViolations(page, 'signed out offline, then told the server');
    const again = await api.post<{ token: string }>('/api/auth/login', {
      email: member.email,
      password: member.password,
    });
    const sessions = await api.get<{ data: Array<{ current: boolean }> }>('/api/account/sessions', again.token);
    expect(sessions.data).toEqual([expect.objectContaining({ current: true })]);
  });
});
