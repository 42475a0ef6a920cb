import { expect, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { startSignedIn, startWith } from '../support/session';
import { expectFocusOn, tabTo } from '../accessibility/keyboard-support';
import { givePoints, openSignedIn } from './points-support';
import { PHONE, secondMember } from './household-support';

// docs/product/household.md with the keyboard alone (Tab, Shift+Tab, Enter, Space; no click, no
// fill): the owner at 1440 px in English invites, withdraws, invites again and sends points
// through the confirm step; the guest on a phone in Arabic (right to left) finds the withdrawn
// link refused, accepts the new one, leaves, then invites someone and withdraws it. After each
// step the test says where the focus is; axe on every new state.
test('household by keyboard: invite, withdraw, invite again, accept, send with a confirm, leave', async ({
  page,
  api,
  member,
  browser,
}) => {
  // Two members' pages and nine axe scans: more than the default minute on a shared machine.
  test.setTimeout(240_000);
  await givePoints(api, member, 1000);
  const guest = await secondMember(api, member);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, member, '/dashboard/household');
  await expect(page.getByRole('heading', { name: 'Start a household' })).toBeVisible();

  const email = page.getByRole('textbox', { name: /E-mail address/ });
  const outcome = page.getByTestId('household-outcome').locator('[tabindex="-1"]');
  await tabTo(page, email);
  await page.keyboard.type(guest.email);
  await page.keyboard.press('Enter');
  await expect(outcome).toContainText(`Invitation sent to ${guest.email}.`);
  await expectFocusOn(outcome);
  const withdrawn = await api.latestLink(guest.email);
  await expectNoA11yViolations(page, 'household, an invitation of mine, keyboard');

  // Space on the invitation's Withdraw; its button goes with it and the outcome has the focus.
  const withdraw = page.getByRole('button', { name: `Withdraw the invitation to ${guest.email}` });
  await tabTo(page, withdraw);
  await page.keyboard.press('Space');
  await expect(outcome).toContainText(/Invitation to \W?.+\W? withdrawn: its link no longer works\./);
  await expectFocusOn(outcome);
  await expect(withdraw).toHaveCount(0);
  await expectNoA11yViolations(page, 'invitation withdrawn, keyboard');

  await tabTo(page, email);
  await page.keyboard.type(guest.email);
  await page.keyboard.press('Enter');
  await expect(outcome).toContainText(`Invitation sent to ${guest.email}.`);
  const link = await api.latestLink(guest.email);
  expect(link).not.toBe(withdrawn);

  const guestContext = await browser.newContext({ viewport: PHONE });
  try {
    const guestPage = await guestContext.newPage();
    await startSignedIn(guestPage, guest);
    await startWith(guestPage, { language: 'ar' });
    const guestOutcome = guestPage.getByTestId('household-outcome').locator('[tabindex="-1"]');
    const accept = guestPage.getByRole('button', { name: 'قبول الدعوة' });

    // The withdrawn link: what the invited member sees is that it is no longer valid.
    await guestPage.goto(withdrawn);
    await expect(guestPage.locator('html')).toHaveAttribute('dir', 'rtl');
    await tabTo(guestPage, accept);
    await guestPage.keyboard.press('Enter');
    await expect(guestOutcome).toContainText('رابط الدعوة هذا غير صالح: استُخدم أو سُحب أو لم يُرسل قط.');
    await expectFocusOn(guestOutcome);
    await expectNoA11yViolations(guestPage, 'withdrawn link refused, Arabic, 375 px, keyboard');

    // The new link, loaded afresh (a change of the fragment alone is no new page).
    await guestPage.goto(link);
    await guestPage.reload();
    await tabTo(guestPage, accept);
    await guestPage.keyboard.press('Enter');
    await expect(guestOutcome).toContainText('مرحبًا بك في الأسرة.');
    await expectFocusOn(guestOutcome);
    await expect(guestPage.getByRole('list', { name: 'الأعضاء' }).getByRole('listitem')).toHaveCount(2);
    expect(await guestPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoA11yViolations(guestPage, 'household joined, Arabic, 375 px, keyboard');

    // The owner sends points: Enter in the points field opens the confirm step, inside which the
    // focus stays until Send points.
    await page.reload();
    const points = page.getByRole('spinbutton', { name: /Points/ });
    await tabTo(page, points);
    await page.keyboard.type('400');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Send these points?' });
    await expect(dialog).toContainText('Points: 400');
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoA11yViolations(page, 'transfer confirmation, keyboard');
    await tabTo(page, dialog.getByRole('button', { name: 'Send points' }), { limit: 6, backwards: true });
    await page.keyboard.press('Enter');
    await expect(outcome).toContainText(/Points sent to \W?Grace Hopper\W?: 400\. Your balance now: 600\./);
    await expectFocusOn(outcome);
    await expectNoA11yViolations(page, 'points sent, keyboard');
    expect((await api.balance(guest.token)).pointBalance).toBe(400);

    // The guest leaves through the confirm step.
    await guestPage.reload();
    await tabTo(guestPage, guestPage.getByRole('button', { name: 'مغادرة الأسرة' }));
    await guestPage.keyboard.press('Enter');
    const leave = guestPage.getByRole('alertdialog', { name: 'مغادرة الأسرة؟' });
    await expect(leave).toBeVisible();
    await expectNoA11yViolations(guestPage, 'leave confirmation, Arabic, 375 px, keyboard');
    await tabTo(guestPage, leave.getByRole('button', { name: 'مغادرة', exact: true }), { limit: 6 });
    await guestPage.keyboard.press('Enter');
    await expect(guestOutcome).toContainText('لقد غادرت الأسرة.');
    await expectFocusOn(guestOutcome);
    await expect(guestPage.getByRole('heading', { name: 'أنشئ أسرة' })).toBeVisible();
    await expectNoA11yViolations(guestPage, 'household left, Arabic, 375 px, keyboard');

    // Withdrawing in Arabic, on the phone: the guest invites someone and takes it back.
    const friend = guest.email.replace('@', '-friend@');
    await tabTo(guestPage, guestPage.getByRole('textbox', { name: /البريد الإلكتروني/ }));
    await guestPage.keyboard.type(friend);
    await guestPage.keyboard.press('Enter');
    await expect(guestOutcome).toContainText(friend);
    const withdrawFriend = guestPage.getByRole('button', { name: `سحب الدعوة المرسلة إلى ${friend}` });
    await tabTo(guestPage, withdrawFriend);
    expect(await guestPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoA11yViolations(guestPage, 'an invitation of mine, Arabic, 375 px, keyboard');
    await guestPage.keyboard.press('Enter');
    await expect(guestOutcome).toContainText('لم يعد رابطها يعمل');
    await expectFocusOn(guestOutcome);
    await expect(withdrawFriend).toHaveCount(0);
  } finally {
    await guestContext.close();
  }
});
