import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { openSignedIn, signedInAgain } from '../support/session';

// docs/product/accounts.md, "Sessions and devices": a member signed in on two devices ends the other
// one; that device's open tab is refused at its next request and shows the session-timeout dialog.
test('a member signs another device out, and that device times out', async ({ page, member, api, browser }) => {
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const again = await signedInAgain(api, member);
    await openSignedIn(otherPage, again, '/dashboard/user/account');

    await openSignedIn(page, member, '/dashboard/user/account');
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

// docs/decisions/069: a sign-in from a browser the account has not used before mails the member an
// alert; its "this wasn't me" link, opened where the member is signed in, ends that sign-in: it is
// gone from the member's list, and the stranger's open tab times out.
test("a stranger's sign-in is ended from the alert's link, and the stranger's tab times out", async ({
  page,
  member,
  api,
  browser,
}) => {
  // The member's own first sign-in: the account's first browser, which no alert is sent for.
  const ownSignIn = await signedInAgain(api, member);
  const stranger = await browser.newContext();
  try {
    const strangerPage = await stranger.newPage();
    await strangerPage.goto('/auth/login');
    await strangerPage.getByLabel('E-mail').fill(member.email);
    await strangerPage.getByLabel('Password', { exact: true }).fill(member.password);
    await strangerPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(strangerPage).toHaveURL(/\/dashboard$/);
    await strangerPage.goto('/dashboard/user/account');
    const editProfile = strangerPage.getByRole('main').getByRole('link', { name: 'Edit profile' });
    await expect(editProfile).toBeVisible();

    await openSignedIn(page, ownSignIn, '/dashboard/user/sessions');
    const list = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(list.getByRole('listitem')).toHaveCount(2);

    const link = await api.latestLink(member.email);
    expect(link).toContain('/auth/not-me#token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: "Wasn't you?" })).toBeVisible();
    await expectNoA11yViolations(page, "this wasn't me");
    await page.getByRole('button', { name: 'End that sign-in and reset my password' }).click();
    await expect(page.getByRole('heading', { name: 'That sign-in has ended' })).toBeVisible();
    expect(await api.latestCode(member.email)).toMatch(/^\d+$/);

    await page.goto('/dashboard/user/sessions');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await editProfile.click();
    await expect(strangerPage.getByRole('alertdialog', { name: 'Session Timed Out !!' })).toBeVisible();
  } finally {
    await stranger.close();
  }
});
