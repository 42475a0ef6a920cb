import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { openSignedIn, signedInAgain } from '../support/session';
import { tabTo } from '../accessibility/keyboard-support';
import type { TestMember } from '../support/fixtures';

// docs/product/accounts.md, "Password change and reset"; decision 079: a password change offers to
// sign out everywhere else. Another browser holds a session of the member; the change, made by the
// keyboard alone, ends that session or keeps it, as chosen, and the page says which happened.

const NEW_PASSWORD = 'Rainy#Night57';

/** A second browser signed in as `member`, on a page whose next request meets the API. */
async function otherBrowser(browser: Browser, member: TestMember) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, member, '/dashboard/user/account');
  return { context, page };
}

/** The change-password form, filled and sent by the keyboard; `keepOthers` unticks the choice with Space. */
async function changeByKeyboard(page: Page, password: string, keepOthers: boolean) {
  const main = page.getByRole('main');
  await tabTo(page, main.getByLabel('Current password'), { limit: 60 });
  await page.keyboard.type(password);
  await page.keyboard.press('Tab');
  await page.keyboard.type(NEW_PASSWORD);
  await tabTo(page, main.getByLabel(/^Confirm new password/));
  await page.keyboard.type(NEW_PASSWORD);
  const choice = main.getByRole('checkbox', { name: 'Sign out everywhere else' });
  await expect(choice).toBeChecked();
  await tabTo(page, choice);
  if (keepOthers) {
    await page.keyboard.press('Space');
    await expect(choice).not.toBeChecked();
  }
  await page.keyboard.press('Enter');
}

for (const keepOthers of [false, true]) {
  test(`keyboard only: a password change ${keepOthers ? 'keeps' : 'ends'} another browser's session`, async ({
    page,
    member,
    api,
    browser,
  }) => {
    const again = await signedInAgain(api, member);
    const other = await otherBrowser(browser, again);
    try {
      await openSignedIn(page, member, '/dashboard/user/change-password');
      await expectNoA11yViolations(page, 'change password with the sign-out choice');
      await changeByKeyboard(page, member.password, keepOthers);

      const outcome = keepOthers
        ? 'Your other devices are still signed in; you can end them on the “Signed-in devices” page.'
        : 'your other devices have been signed out. This device stays signed in.';
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: outcome })).toBeVisible();
      await expectNoA11yViolations(page, `password changed, others ${keepOthers ? 'kept' : 'ended'}`);

      // This browser goes on with the new token either way.
      await page.goto('/dashboard/user/sessions');
      const list = page.getByRole('list', { name: 'Signed-in devices' });
      await expect(list.getByRole('listitem')).toHaveCount(keepOthers ? 2 : 1);

      // The other browser's next request tells whether its session lives.
      await other.page.getByRole('main').getByRole('link', { name: 'Edit profile' }).click();
      const timedOut = other.page.getByRole('alertdialog', { name: 'Session Timed Out !!' });
      if (keepOthers) {
        await expect(other.page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
        await expect(timedOut).toHaveCount(0);
      } else {
        await expect(timedOut).toBeVisible();
      }
    } finally {
      await other.context.close();
    }
  });
}
