import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { FRAME_ONLY } from '../support/frame';
import { startSignedIn, startWith } from '../support/session';
import { logOut } from '../support/frame-actions';

test.describe('session timeout', () => {
  test('a logout in another tab opens the timeout modal here; Ok goes home and keeps the language', async ({
    context,
    page,
    member,
    api,
  }) => {
    await startWith(page, { language: 'fr' });
    await page.goto('/auth/login');
    // Two tabs of one member, each with its own session (session storage is per tab).
    const other = await context.newPage();
    for (const tab of [page, other]) {
      await tab.goto('/auth/login');
      await tab.getByRole('textbox', { name: /e-?mail/i }).fill(member.email);
      await tab.locator('input[type=password]').first().fill(member.password);
      await tab.locator('button[type=submit]').click();
      await expect(tab).toHaveURL(/\/dashboard$/);
    }

    await logOut(other, { button: /menu du compte/i, item: 'Se déconnecter' });
    await expect(other).toHaveURL(/\/$/);

    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Session expirée !!');
    await expect(dialog).toContainText('Veuillez vous connecter pour continuer');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    void api;
  });

  test('the session storage entry disappearing in this tab opens the modal (English texts, 400 px)', async ({
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    await expect(page.getByTestId('top-bar-full-name')).toHaveText(member.fullName);
    await page.evaluate(() => sessionStorage.removeItem('fullName'));
    const dialog = page.getByRole('alertdialog', { name: 'Session Timed Out !!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Please login to continue');
    // Read once the dialog's opening animation (a slight zoom) has ended.
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(400);
    await expectNoA11yViolations(page, 'session timeout modal', FRAME_ONLY);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a 401 from the API (token revoked elsewhere) opens the modal', async ({ page, member, api }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    await expect(page.getByTestId('top-bar-full-name')).toHaveText(member.fullName);
    await api.get('/api/auth/logout', member.token);
    // The next call the page makes (the dashboard's own, or the permission check of the next page)
    // is answered 401. The click is dispatched so that it cannot wait behind an already-open modal.
    await page.locator('a[href="/dashboard/user/account"]').first().dispatchEvent('click');
    await expect(page.getByRole('alertdialog', { name: 'Session Timed Out !!' })).toBeVisible();
  });
});
