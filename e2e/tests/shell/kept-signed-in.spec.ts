import type { BrowserContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { keptAnywhere } from '../support/kept-on-device';
import { expectNoA11yViolations } from '../support/axe';
import { startSignedIn } from '../support/session';
import { claimByApi, createBooking, ENDED } from '../points/points-support';

const keptCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'loyalty_kept');

/**
 * "Keep me signed in on this device" (decision 080): the installed app opened from the home screen
 * is a new tab, whose sessionStorage holds no session; the device's cookie brings it back.
 */
test.describe('kept signed in on this device', () => {
  test('a member who chose it opens the app signed in, and offline the card as of; ended elsewhere, nothing is left', async ({
    page,
    context,
    browser,
    api,
    member,
  }) => {
    // A long journey, online and offline, on a machine that may be loaded.
    test.slow();
    const booking = await createBooking(api, ENDED, 600);
    await claimByApi(api, member, booking.bookingId, booking.startDate);

    // Signed in with the keyboard alone, choosing to be kept.
    await page.goto('/auth/login');
    const choice = page.getByRole('checkbox', { name: 'Keep me signed in on this device for 30 days' });
    await expect(choice).not.toBeChecked();
    await expectNoA11yViolations(page, 'sign-in page with the choice');
    await page.getByLabel('E-mail').focus();
    await page.keyboard.type(member.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(member.password);
    while (!(await choice.evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Space');
    await expect(choice).toBeChecked();
    await expectNoA11yViolations(page, 'sign-in page, the choice ticked');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard/);
    const balance = page.getByRole('region', { name: member.fullName }).getByTestId('balance-pointBalance');
    await expect(balance).toHaveText('600');

    // The cookie came through the edge as the API set it: no script reads it, the refresh route alone gets it.
    expect(await keptCookie(context)).toMatchObject({
      path: '/api/auth/refresh',
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain('loyalty_kept');

    // One visit of the card, so that the worker keeps its files and the device its answers.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto('/dashboard/card');
    await expect(page.getByRole('img', { name: /^QR code of member number \d/ })).toBeVisible();
    await page.goto('/dashboard');
    await expect(balance).toHaveText('600');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('offlineAnswers') ?? '')).toContain('"balance"');

    // The app closed, then opened from the home screen: a new tab, signed in without typing.
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto('/dashboard');
    await expect(
      reopened.getByRole('region', { name: member.fullName }).getByTestId('balance-pointBalance'),
    ).toHaveText('600');
    await expect(reopened.getByRole('button', { name: /^Account menu of / })).toBeVisible();
    expect(await reopened.evaluate(() => sessionStorage.getItem('accessToken'))).toBeTruthy();
    await reopened.close();

    // At a hotel desk with no network: the card, as of the last answers.
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto('/dashboard/card');
    await expect(offline.getByRole('img', { name: /^QR code of member number \d/ })).toBeVisible();
    await expect(offline.getByTestId('offline-notice')).toContainText(/as of/);
    await offline.close();
    await context.setOffline(false);

    // From another device, the member ends that kept session in "Sessions and devices".
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await startSignedIn(other, member);
    await other.goto('/dashboard/user/sessions');
    const list = other.getByRole('list', { name: 'Signed-in devices' });
    await expect(list).toContainText(/kept signed in until/);
    const endKept = list
      .getByRole('listitem')
      .filter({ hasText: /kept signed in until/ })
      .getByRole('button');
    await endKept.click();
    await expect(other.getByText('That device has been signed out.')).toBeVisible();
    await elsewhere.close();

    // The next load on the kept device is signed out, and nothing of the member is left on it.
    const after = await context.newPage();
    await after.goto('/dashboard');
    await expect(after).toHaveURL(/\/auth\/login/);
    await expect(after.getByRole('button', { name: /^Account menu of / })).toHaveCount(0);
    await expect.poll(() => after.evaluate(() => localStorage.getItem('keptDevice'))).toBeNull();
    expect(await keptAnywhere(after, [member.email, member.fullName])).toEqual([]);
    expect(await after.evaluate(() => Object.keys(localStorage).filter((key) => /offline|kept/i.test(key)))).toEqual(
      [],
    );
    // The refused refresh took the cookie back.
    expect(await keptCookie(context)).toBeUndefined();
  });
});
