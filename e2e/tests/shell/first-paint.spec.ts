import { test, expect } from '../support/fixtures';
import { startSignedIn, startWith } from '../support/session';
import { DEMO_MEMBER } from '../support/demo-member';
import { signIn } from '../support/sign-in';

// What a member sees before any script has run: the HTML paints the layout's frame itself, and in
// it the shape of the page, from the build of the remote that renders it (the edge writes it in,
// decision 064). The scripts are held back so the page stays at that first paint.
test.describe('first paint from the HTML', () => {
  test.beforeEach(async ({ page }) => {
    await page.route(/\.js(\?|$)/, (route) =>
      route.request().url().endsWith('/theme-init.js') ? route.continue() : route.abort(),
    );
  });

  test('the sign-in page shows the programme name on the auth gradient', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('data-first-paint', 'auth');
    await expect(page.getByText('Loyalty Rewards').filter({ visible: true })).toHaveCount(1);
    // The sign-in form's shape, where the form will be: mf-auth's skeleton of the page.
    await expect(page.locator('.fp-page[data-frame="auth"] [data-skeleton-path="/auth/login"] .fp-card')).toBeVisible();
    await expect(page.locator('.fp-page').filter({ visible: true })).toHaveCount(1);
    expect(await page.locator('.first-paint').evaluate((frame) => getComputedStyle(frame).backgroundImage)).toContain(
      'linear-gradient',
    );
  });

  test("the sign-in frame is in the member's colour preset, as the page drawn after it", async ({ page }) => {
    await startWith(page, { settings: { themeColorPresets: 'purple' } });
    await page.goto('/auth/login');
    const frame = page.locator('.first-paint');
    await expect(frame).toBeVisible();
    // Chakra's purple.50 then blue.100, and the mark in purple's solid shade (purple.600).
    expect(await frame.evaluate((element) => getComputedStyle(element).backgroundImage)).toBe(
      'linear-gradient(to right bottom, rgb(250, 245, 255), rgb(219, 234, 254))',
    );
    expect(
      await frame
        .locator('rect')
        .filter({ visible: true })
        .evaluate((mark) => getComputedStyle(mark).fill),
    ).toBe('rgb(147, 51, 234)');
  });

  test('a signed-in member opening the dashboard gets its frame, in dark mode too', async ({ page, member }) => {
    await page.addInitScript(() => localStorage.setItem('settings', JSON.stringify({ themeMode: 'dark' })));
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-first-paint', 'dashboard');
    await expect(page.getByText('Loyalty Rewards').filter({ visible: true })).toHaveCount(1);
    // The dashboard's shape: its cards, where the figures will be.
    await expect(
      page.locator('.fp-page[data-frame="dashboard"] [data-skeleton-path="/dashboard"] .fp-card').first(),
    ).toBeVisible();
    await expect(page.locator('.fp-page').filter({ visible: true })).toHaveCount(1);
    const colours = await page
      .locator('.first-paint')
      .evaluate((frame) => [getComputedStyle(frame).backgroundColor, getComputedStyle(frame).color]);
    // Chakra's dark `bg` and `fg`, from the system style sheet.
    expect(colours).toEqual(['rgb(9, 9, 11)', 'rgb(250, 250, 250)']);
  });

  test('a member whose stored token has expired gets the sign-in frame, where the guard sends them', async ({
    page,
    member,
  }) => {
    const payload = Buffer.from(JSON.stringify({ sub: 'expired', exp: Math.floor(Date.now() / 1000) - 60 }));
    const expiredToken = ['eyJhbGciOiJIUzI1NiJ9', payload.toString('base64url'), 'signature'].join('.');
    await startSignedIn(page, { ...member, token: expiredToken });
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-first-paint', 'auth');
    // The shape of where the guard sends them: sign-in, mf-auth's.
    await expect(page.locator('.fp-page[data-frame="auth"] [data-skeleton-path="/"] .fp-card')).toBeVisible();
  });

  test("another remote's page gets that remote's shape, and a page of the shell the frame alone", async ({
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard/user/account');
    await expect(page.locator('.fp-page[data-frame="dashboard"] [data-skeleton-path="/dashboard/user"]')).toBeVisible();
    await expect(page.locator('.fp-page').filter({ visible: true })).toHaveCount(1);
    await page.goto('/no/such/page');
    await expect(page.locator('.fp-header').filter({ visible: true })).toHaveCount(1);
    await expect(page.locator('.fp-skeleton')).toHaveCount(0);
  });
});

// A member back on the dashboard in the same tab: the answers their last visit kept (decision 068)
// paint their balance into the page's shape, before any script of the application has run.
test.describe('first paint of a returning member', () => {
  // Page routes hold the scripts back; a service worker would fetch them past the routes.
  test.use({ serviceWorkers: 'block' });

  test("their balance paints with the dashboard's shape, as the application wrote it, in German", async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    const balance = page.getByTestId('balance-pointBalance');
    await expect(balance).toHaveText(/\d/);
    const shown = await balance.textContent();
    await page.waitForFunction(() => (sessionStorage.getItem('offlineAnswers') ?? '').includes('"balance"'));

    await page.route(/\.js(\?|$)/, (route) =>
      route.request().url().endsWith('/theme-init.js') ? route.continue() : route.abort(),
    );
    await page.reload();
    const kept = page.locator('.fp-page[data-frame="dashboard"] [data-skeleton-path="/dashboard"] .fp-kept');
    await expect(kept).toBeVisible();
    await expect(kept).toHaveText(shown!);
    // Nothing of the application ran: this is the HTML's first paint.
    await expect(page.getByTestId('balance-pointBalance')).toHaveCount(0);

    // With its scripts, the application's first render replaces the painted page.
    await page.unroute(/\.js(\?|$)/);
    await page.reload();
    await expect(balance).toHaveText(/\d/);
    await expect(page.locator('.fp-kept')).toHaveCount(0);
  });
});
