import { readFile } from 'node:fs/promises';
import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { API_ORIGIN } from '../support/endpoints';
import { openSignedIn } from '../support/session';

// docs/product/accounts.md, "Your data": a member takes their data with them as one file, and
// deletes their account, in Arabic on a phone too; a deleted account cannot sign in again.
test('a member downloads their data, then deletes the account: signed out, told by e-mail, sign-in refused', async ({
  page,
  member,
  api,
}) => {
  await openSignedIn(page, member, '/dashboard/user/account');
  await page.getByRole('main').getByRole('link', { name: 'Your data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  await expectNoA11yViolations(page, 'Your data');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^loyalty-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email: member.email, firstname: member.firstname });
  await expect(page.getByRole('status').filter({ hasText: 'Your file has been downloaded.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeFocused();

  // A wrong password deletes nothing and keeps what was typed.
  const password = page.getByLabel('Your password');
  await password.fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert')).toContainText('Your password is not correct.');
  await expect(password).toHaveValue('Wrong#Pass1');
  await expectNoA11yViolations(page, 'a refused deletion');

  await password.fill(member.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/(auth\/login)?$/);
  await expect(page.getByText('Your account has been deleted.').first()).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();

  const mail = await api.get<{ data: Array<{ subject: string }> }>(
    `/api/dev/outbox?email=${encodeURIComponent(member.email)}`,
  );
  expect(mail.data.map((message) => message.subject)).toEqual(['Your account has been deleted']);
  const signIn = await page.request.post(`${API_ORIGIN}/api/auth/login`, {
    data: { email: member.email, password: member.password },
  });
  expect(signIn.status()).toBe(401);
});

test('the page reads right to left in Arabic on a phone', async ({ page, member }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, member, '/dashboard/user/data', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'بياناتك' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'حذف حسابي' }).click();
  await expect(page.getByLabel('كلمة المرور')).toBeFocused();
  await expectNoA11yViolations(page, 'Your data, Arabic, 375 px');
});
