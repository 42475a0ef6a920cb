import { test, expect } from '../support/fixtures';
import { signIn } from '../support/sign-in';
import { openSignedIn } from '../support/session';
import { logOut, openFromNavigation } from '../support/frame-actions';

const NEW_PASSWORD = 'Rainy#Night57';

test.describe('change password', () => {
  test('a change signs the member in again; afterwards only the new password works', async ({ page, member }) => {
    await openSignedIn(page, member, '/dashboard/user/change-password');
    await page.getByLabel('Current password').fill(member.password);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();

    await expect(
      page.getByRole('main').getByRole('status').filter({ hasText: 'Your password has been changed' }),
    ).toBeVisible();
    // The fresh token works: the member is still signed in and can move around.
    await openFromNavigation(page, 'My account');
    await expect(page.getByText(member.email)).toBeVisible();

    await logOut(page);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid login credentials.')).toBeVisible();

    await signIn(page, member.email, NEW_PASSWORD);
    await expect(page.getByTestId('top-bar-full-name')).toHaveText(member.fullName);
  });

  test('a wrong current password shows the server’s text and changes nothing', async ({ page, member, api }) => {
    await openSignedIn(page, member, '/dashboard/user/change-password');
    await page.getByLabel('Current password').fill('Wrong#Pass99');
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();

    await expect(
      page.getByRole('main').getByRole('alert').filter({ hasText: 'Old password is incorrect' }),
    ).toBeVisible();
    await expect(page.getByLabel(/^New password/)).toHaveValue(NEW_PASSWORD);
    // The old password still signs in.
    await api.post('/api/auth/login', { email: member.email, password: member.password });
  });

  test('a wrong current password is refused in the member’s language', async ({ page, member }) => {
    await openSignedIn(page, member, '/dashboard/user/change-password', 'fr');
    await page.getByLabel('Mot de passe actuel').fill('Wrong#Pass99');
    await page.getByLabel(/^Nouveau mot de passe/).fill(NEW_PASSWORD);
    await page.getByLabel('Confirmer le nouveau mot de passe').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();

    // The server answers in English (docs/product/api.md); the page knows that refusal and says it in French.
    const refusal = "L'ancien mot de passe est incorrect";
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: refusal })).toBeVisible();
    await expect(page.getByLabel('Mot de passe actuel')).toHaveAccessibleErrorMessage(refusal);
    await expect(page.getByRole('main')).not.toContainText('Old password is incorrect');
  });

  test('the checklist follows the typing and the rules stop a weak or reused password', async ({ page, member }) => {
    await openSignedIn(page, member, '/dashboard/user/change-password');
    const rules = page.getByRole('list', { name: 'Password requirements' });
    await expect(rules.getByRole('listitem').filter({ hasText: 'At least 8 characters' })).toContainText('not yet met');
    await page.getByLabel(/^New password/).fill('abcdefgh');
    await expect(rules.getByRole('listitem').filter({ hasText: 'At least 8 characters' })).toContainText(', met');
    await expect(rules.getByRole('listitem').filter({ hasText: 'One uppercase letter' })).toContainText('not yet met');

    await page.getByLabel('Current password').fill(member.password);
    await page.getByLabel(/^New password/).fill(member.password);
    await page.getByLabel('Confirm new password').fill(member.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('New password must be different from old password')).toBeVisible();
    await expect(page.getByLabel(/^New password/)).toBeFocused();
  });
});
