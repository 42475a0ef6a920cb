import { expect, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { scan } from '../support/scan';
import { expectFocusOn, tabTo } from '../accessibility/keyboard-support';
import { givePoints, openSignedIn } from './points-support';

// docs/product/vouchers.md with the keyboard alone (Tab, Shift+Tab, Enter, Escape; no click):
// redeem a catalogue reward, read the voucher (its QR code decoded as a desk scanner would), go to
// My rewards, cancel it through the confirm step, and find the points back. Each confirm step is
// first closed with Escape, which must give the focus back to the button that opened it. After
// each step the test says where the focus is; axe on every new state.
const JOURNEYS = [
  {
    language: 'en',
    viewport: { width: 1440, height: 900 },
    reward: 'Late check-out',
    redeem: 'Redeem Late check-out',
    confirmRedeem: { title: 'Confirm the reward', action: 'Yes, redeem' },
    qr: (code: string) => `QR code of voucher ${code}`,
    myRewards: { link: 'See all my rewards', heading: 'My rewards' },
    active: 'Active',
    cancel: 'Cancel Late check-out',
    confirmCancel: { title: 'Cancel this reward?', action: 'Yes, cancel it' },
    cancelled: 'Late check-out cancelled. 300 points are back',
    cancelledState: 'Cancelled',
  },
  {
    language: 'ar',
    viewport: { width: 375, height: 812 },
    reward: 'مغادرة متأخرة',
    redeem: 'استبدل مغادرة متأخرة',
    confirmRedeem: { title: 'تأكيد المكافأة', action: 'نعم، استبدل' },
    qr: (code: string) => `رمز QR للقسيمة ${code}`,
    myRewards: { link: 'عرض كل مكافآتي', heading: 'مكافآتي' },
    active: 'نشطة',
    cancel: 'إلغاء مغادرة متأخرة',
    confirmCancel: { title: 'إلغاء هذه المكافأة؟', action: 'نعم، ألغِها' },
    // The number as the page formats it, in Arabic or Western digits.
    cancelled: /أُلغيت \W?مغادرة متأخرة\W?\. عادت \S+ نقطة/,
    cancelledState: 'ملغاة',
  },
] as const;

for (const journey of JOURNEYS) {
  test(`a voucher by keyboard, ${journey.language} at ${journey.viewport.width} px: redeem, use, cancel`, async ({
    page,
    api,
    member,
  }) => {
    // Eight axe scans and a decode: more than the default minute on a shared machine.
    test.setTimeout(180_000);
    await givePoints(api, member, 1000);
    await page.setViewportSize(journey.viewport);
    await openSignedIn(page, member, '/dashboard/rewards', journey.language);
    await expect(page.locator('html')).toHaveAttribute('dir', journey.language === 'ar' ? 'rtl' : 'ltr');
    const noWiderThanTheScreen = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        journey.viewport.width,
      );

    // Redeem: Escape leaves the confirm step with nothing redeemed and the focus where it was.
    const redeem = page.getByRole('button', { name: journey.redeem });
    await tabTo(page, redeem, { limit: 60 });
    await page.keyboard.press('Enter');
    const confirmRedeem = page.getByRole('alertdialog', { name: journey.confirmRedeem.title });
    await expect(confirmRedeem).toBeVisible();
    await expect.poll(() => confirmRedeem.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(confirmRedeem).toBeHidden();
    await expectFocusOn(redeem);
    expect((await api.balance(member.token)).pointBalance).toBe(1000);

    await page.keyboard.press('Enter');
    await expect(confirmRedeem).toBeVisible();
    await tabTo(page, confirmRedeem.getByRole('button', { name: journey.confirmRedeem.action }), { limit: 6 });
    await page.keyboard.press('Enter');

    // The voucher: its outcome has the focus; the QR code is read as a scanner reads the screen.
    const outcome = page.getByTestId('reward-outcome');
    await expectFocusOn(outcome);
    const code = (await outcome.getByTestId('voucher-code').textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const qr = outcome.getByRole('img', { name: journey.qr(code) });
    await expect(qr.locator('svg')).toBeVisible();
    expect(await scan(qr, 'QRCode'), "the code read from the voucher's QR code").toBe(code);
    await noWiderThanTheScreen();
    await expectNoA11yViolations(page, `voucher after redeeming, ${journey.language}, keyboard`);

    // My rewards, from the outcome's link.
    await tabTo(page, outcome.getByRole('link', { name: journey.myRewards.link }), { limit: 10 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: journey.myRewards.heading })).toBeVisible();
    const voucher = page.getByRole('article', { name: journey.reward });
    await expect(voucher).toContainText(journey.active);
    await expect(voucher).toContainText(code);
    const listed = voucher.getByRole('img', { name: journey.qr(code) });
    await expect(listed.locator('svg')).toBeVisible();
    expect(await scan(listed, 'QRCode'), 'the code read from the QR code in My rewards').toBe(code);
    await noWiderThanTheScreen();
    await expectNoA11yViolations(page, `My rewards, ${journey.language} at ${journey.viewport.width} px, keyboard`);

    // Cancel: Escape first, then through the confirm step.
    const cancel = voucher.getByRole('button', { name: journey.cancel });
    await tabTo(page, cancel, { limit: 40 });
    await page.keyboard.press('Enter');
    const confirmCancel = page.getByRole('alertdialog', { name: journey.confirmCancel.title });
    await expect(confirmCancel).toBeVisible();
    await expect.poll(() => confirmCancel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoA11yViolations(page, `cancel confirmation, ${journey.language}, keyboard`);
    await page.keyboard.press('Escape');
    await expect(confirmCancel).toBeHidden();
    await expectFocusOn(cancel);
    await page.keyboard.press('Enter');
    await tabTo(page, confirmCancel.getByRole('button', { name: journey.confirmCancel.action }), { limit: 6 });
    await page.keyboard.press('Enter');

    // Cancelled: the outcome has the focus, the voucher says so, the points are back.
    const cancelled = page.getByTestId('voucher-outcome');
    await expect(cancelled).toContainText(journey.cancelled);
    await expectFocusOn(cancelled.getByRole('status'));
    await expect(voucher).toContainText(journey.cancelledState);
    await expect(voucher.getByRole('button')).toHaveCount(0);
    await noWiderThanTheScreen();
    await expectNoA11yViolations(page, `voucher cancelled, ${journey.language}, keyboard`);
    expect((await api.balance(member.token)).pointBalance).toBe(1000);
  });
}
