import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { openSignedIn } from '../support/session';

test('the account page shows the member, tier and membership plan from the API', async ({ page, member }) => {
  await openSignedIn(page, member, '/dashboard/user/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByTestId('account-full_name')).toHaveText(member.fullName);
  await expect(page.getByTestId('account-email')).toHaveText(member.email);
  await expect(page.getByTestId('account-country')).toHaveText('France');
  await expect(page.getByTestId('account-language')).toHaveText('English');
  await expect(page.getByTestId('account-tier')).toHaveText('Bronze tier');
  const plan = page
    .getByRole('heading', { name: 'Membership plan' })
    .locator('xpath=ancestor::*[contains(@class,"card__root")][1]');
  await expect(plan).toContainText('€9.99 a month');
  await expect(plan).toContainText('Billed monthly');
  await expect(plan).toContainText('Taxes extra');
  await expect(plan).toContainText('Payments are protected by 128-bit SSL encryption.');

  await page.getByRole('main').getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
});

test('the account page offers Retry when the API fails, and recovers', async ({ page, member }) => {
  await page.route('**/api/account/general', (route) => route.abort('connectionreset'));
  await openSignedIn(page, member, '/dashboard/user/account');
  await expect(page.getByRole('alert')).toContainText('Your account could not be loaded.');
  // The panel stands in for the page's content: its title is the level under the page's h1.
  await expect(page.getByRole('alert').getByRole('heading', { level: 2 })).toHaveText(
    'Your account could not be loaded.',
  );
  await expectNoA11yViolations(page, 'account, could not load');
  await page.unroute('**/api/account/general');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('account-full_name')).toHaveText(member.fullName);
});

test('communication preferences are saved on the account and shown again on the next visit', async ({
  page,
  member,
  api,
}) => {
  await openSignedIn(page, member, '/dashboard/user/communication');
  const sms = page.getByRole('checkbox', { name: 'Text messages' });
  await expect(sms).not.toBeChecked();
  await page.getByText('Text messages').click();
  await page.getByText('Newsletter', { exact: true }).click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your preferences are saved.' })).toBeVisible();
  const saved = await api.get<{ data: { smsNotifications: boolean; newsletter: boolean } }>(
    '/api/account/workspace',
    member.token,
  );
  expect(saved.data).toMatchObject({ smsNotifications: true, newsletter: false });
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Text messages' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Newsletter' })).not.toBeChecked();
});
