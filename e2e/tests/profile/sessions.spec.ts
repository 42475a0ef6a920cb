import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { openAs } from './open-as';

// docs/product/accounts.md, "Sessions and devices": a member signed in on two devices ends the other
// one; that device's open tab is refused at its next request and shows the session-timeout dialog.
test('a member signs another device out, and that device times out', async ({ page, member, api, browser }) => {
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const { token } = await api.post<{ token: string }>('/api/auth/login', {
      email: member.email,
      password: member.password,
    });
    await openAs(otherPage, { ...member, token }, '/dashboard/user/account');

    await openAs(page, member, '/dashboard/user/account');
    await page.getByRole('main').getByRole('link', { name: 'Signed-in devices' }).click();
    const list = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('This device');
    await expectNoA11yViolations(page, 'Signed-in devices');

    await list.getByRole('button', { name: /^Sign out / }).click();
    await expect(page.getByText('That device has been signed out.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await otherPage.getByRole('main').getByRole('link', { name: 'Edit profile' }).click();
    await expect(otherPage.getByRole('alertdialog', { name: 'Session Timed Out !!' })).toBeVisible();
  } finally {
    await other.close();
  }
});
