import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { startSignedIn } from '../support/session';
import { logOut } from '../support/frame-actions';

test.describe('routing rules', () => {
  test('a signed-out visit to a dashboard page signs in and comes back to it', async ({ page, member }) => {
    await page.goto('/dashboard/transactions?type=debit');
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fdashboard%2Ftransactions%3Ftype%3Ddebit$/);
    await page.getByRole('textbox', { name: /e-?mail/i }).fill(member.email);
    await page.locator('input[type=password]').first().fill(member.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await expect(page).toHaveURL(/\/dashboard\/transactions\?type=debit$/);
  });

  for (const hostile of ['//evil.example/steal', '/..//evil.example']) {
    test(`returnTo ${hostile} is ignored: the dashboard, never another site or a blank page`, async ({
      page,
      member,
    }) => {
      await page.goto(`/auth/login?returnTo=${encodeURIComponent(hostile)}`);
      await page.getByRole('textbox', { name: /e-?mail/i }).fill(member.email);
      await page.locator('input[type=password]').first().fill(member.password);
      await page.getByRole('button', { name: /^sign in$/i }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('public pages send a signed-in member to the dashboard', async ({ page, member }) => {
    await startSignedIn(page, member);
    for (const path of ['/', '/auth/login', '/auth/register']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('any other path shows the 404 page with a way home, at the address asked for', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectNoA11yViolations(page, '404');
    await page.getByRole('link', { name: 'Go to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a signed-in member's unknown page shows the 404 in the member's frame, at the address asked for", async ({
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    // One path outside every remote, one inside a remote's slice that it does not know.
    for (const path of ['/no/such/page', '/dashboard/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // The header and the navigation stay: the member can go on from here.
      await expect(page.getByTestId('top-bar-full-name')).toHaveText(member.fullName);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    }
    await expectNoA11yViolations(page, 'signed-in 404');
  });

  test('logout goes to the home page, replacing history: Back shows no member page', async ({ page, member }) => {
    await startSignedIn(page, member);
    await page.goto('/404');
    await page.goto('/dashboard');
    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
    // The dashboard entry was replaced: Back leads to the page before it, with no member data.
    await page.goBack();
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('top-bar-full-name')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
  });

  test('a path the member may not open shows Permission Denied inside the frame', async ({ page, member }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard/role');
    await expect(page.getByRole('heading', { name: 'Permission Denied' })).toBeVisible();
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
    await expect(page.getByTestId('top-bar-full-name')).toHaveText(member.fullName);
    await expectNoA11yViolations(page, 'permission denied');
  });
});
