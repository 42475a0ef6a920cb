import { readFile } from 'node:fs/promises';
import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { API_ORIGIN } from '../support/endpoints';
import { openSignedIn, signedInAgain } from '../support/session';
import { expectFocusOn, tabTo } from '../accessibility/keyboard-support';

// docs/product/accounts.md, "Sessions and devices" and "Your data", from the keyboard alone, in
// Arabic on a phone: a member ends the sign-in of another device (whose open tab then times out),
// takes their data and deletes the account; the address no longer signs in.
test('keyboard only, in Arabic at 375 px: end another device, download the data, delete the account', async ({
  page,
  member,
  api,
  browser,
}) => {
  const other = await browser.newContext({ viewport: { width: 375, height: 800 } });
  try {
    const otherPage = await other.newPage();
    const again = await signedInAgain(api, member);
    await openSignedIn(otherPage, again, '/dashboard/user/account', 'ar');

    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, member, '/dashboard/user/account', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // Signed-in devices: this one and the other.
    await tabTo(page, page.getByRole('main').getByRole('link', { name: 'الأجهزة المسجّل دخولها' }), { limit: 60 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'الأجهزة المسجّل دخولها' })).toBeVisible();
    const list = page.getByRole('list', { name: 'الأجهزة المسجّل دخولها' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('هذا الجهاز');
    await expectNoA11yViolations(page, 'signed-in devices, Arabic, 375 px');

    // Ending the other one: the outcome has the focus, so the next Tab goes on from there.
    await tabTo(page, list.getByRole('button', { name: /^تسجيل خروج / }), { limit: 60 });
    await page.keyboard.press('Enter');
    const ended = page.getByRole('status').filter({ hasText: 'تم تسجيل خروج ذلك الجهاز.' });
    await expect(ended).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expectFocusOn(ended);
    await expectNoA11yViolations(page, 'another device signed out, Arabic, 375 px');

    // The other device's open tab is refused at its next request.
    await tabTo(otherPage, otherPage.getByRole('main').getByRole('link', { name: 'تعديل الملف الشخصي' }), {
      limit: 60,
    });
    await otherPage.keyboard.press('Enter');
    const timedOut = otherPage.getByRole('alertdialog', { name: 'انتهت الجلسة !!' });
    await expect(timedOut).toBeVisible();
    // The dialog holds the focus, so its Ok is one key away.
    await expectFocusOn(timedOut.getByRole('button', { name: 'موافق' }));
    await expectNoA11yViolations(otherPage, 'the other device timed out, Arabic, 375 px', {
      include: ['[role="alertdialog"]'],
    });
    await otherPage.keyboard.press('Enter');
    await expect(timedOut).toBeHidden();
    await expect(otherPage).not.toHaveURL(/\/dashboard/);

    // Your data, reached from the account page (the browser's Back).
    await page.goBack();
    await tabTo(page, page.getByRole('main').getByRole('link', { name: 'بياناتك' }), { limit: 60 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'بياناتك' })).toBeVisible();
    await expectNoA11yViolations(page, 'your data, Arabic, 375 px');

    const downloadButton = page.getByRole('button', { name: 'تنزيل بياناتي' });
    await tabTo(page, downloadButton, { limit: 60 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^loyalty-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.profile).toMatchObject({ email: member.email, firstname: member.firstname });
    // The other device's session has ended: the file lists this one alone.
    expect(data.sessions).toHaveLength(1);
    await expect(page.getByRole('status').filter({ hasText: 'تم تنزيل ملفك.' })).toBeVisible();
    await expectFocusOn(downloadButton);

    // Deleting, confirmed by the password typed from the keyboard; a wrong one first.
    const password = page.getByLabel('كلمة المرور');
    await tabTo(page, password);
    await page.keyboard.type('Wrong#Pass1');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('كلمة المرور غير صحيحة.');
    await expect(password).toHaveValue('Wrong#Pass1');
    await expectFocusOn(password);
    await expectNoA11yViolations(page, 'deletion refused, Arabic, 375 px');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(member.password);
    await expectNoA11yViolations(page, 'deletion about to be confirmed, Arabic, 375 px');
    await page.keyboard.press('Enter');

    // Signed out, told so, and the sign-in refused as for an unknown address.
    await expect(page).toHaveURL(/\/(auth\/login)?$/);
    await expect(page.getByText('تم حذف حسابك.').first()).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
    await expectNoA11yViolations(page, 'signed out after the deletion, Arabic, 375 px');

    await page.goto('/auth/login');
    await tabTo(page, page.getByLabel('البريد الإلكتروني'));
    await page.keyboard.type(member.email);
    await tabTo(page, page.getByLabel('كلمة المرور', { exact: true }));
    await page.keyboard.type(member.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('بيانات تسجيل الدخول غير صحيحة.');
    await expectNoA11yViolations(page, 'sign-in refused after the deletion, Arabic, 375 px');
    const signIn = await page.request.post(`${API_ORIGIN}/api/auth/login`, {
      data: { email: member.email, password: member.password },
    });
    expect(signIn.status()).toBe(401);
  } finally {
    await other.close();
  }
});
