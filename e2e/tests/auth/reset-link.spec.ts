import { expect, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { SHELL_ORIGIN } from '../support/endpoints';

/**
 * The reset e-mail's link: the way back in that no one else can close (mock-api README
 * "Security"). It opens the portal's reset page, which goes on to the new-password step as a
 * verified code does; the token leaves the address bar and the history.
 */
test('forgot password, open the e-mailed link, set a new password, sign in', async ({ page, api, member }) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/auth\/verify-password$/);

  const link = await api.latestLink(member.email);
  expect(link.startsWith(`${SHELL_ORIGIN}/auth/reset-password#token=`)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/new-password$/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  expect(page.url()).not.toContain('token');
  await expectNoA11yViolations(page, 'new password, from the e-mailed link');

  await page.getByLabel('New password', { exact: true }).fill('Linked#Back2026');
  await page.getByLabel('Confirm new password').fill('Linked#Back2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/auth\/success-password$/);
  await expect(page.getByText('Password is reset successfully')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('Linked#Back2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('top-bar-full-name')).toHaveText(member.fullName);
});
