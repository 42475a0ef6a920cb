import { expect, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { scan } from '../support/scan';
import { givePoints, openSignedIn } from './points-support';

const PHONE = { width: 375, height: 812 };

test.describe('rewards you can use', () => {
  test('redeem → the voucher → My rewards → cancel → the points are back on the statement', async ({
    page,
    api,
    member,
  }) => {
    await givePoints(api, member, 1000);
    await openSignedIn(page, member, '/dashboard/rewards');

    // Redeem: the outcome is the voucher to use, with its code, QR code, last day and how to use it.
    await page.getByRole('button', { name: 'Redeem Late check-out' }).click();
    await page
      .getByRole('alertdialog', { name: 'Confirm the reward' })
      .getByRole('button', { name: 'Yes, redeem' })
      .click();
    const outcome = page.getByTestId('reward-outcome');
    await expect(outcome).toBeFocused();
    const code = (await outcome.getByTestId('voucher-code').textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const qr = outcome.getByRole('img', { name: `QR code of voucher ${code}` });
    await expect(qr.locator('svg')).toBeVisible();
    // At the desk it is the picture that is read, not its name.
    expect(await scan(qr, 'QRCode'), "the code read from the voucher's QR code").toBe(code);
    await expect(outcome).toContainText('Valid until');
    await expect(outcome).toContainText("How to use it: show this code at the hotel's front desk.");
    await expectNoA11yViolations(page, 'voucher after redeeming');

    // The dashboard names it among the rewards to use, and leads to My rewards.
    await page.goto('/dashboard');
    const active = page.getByRole('region', { name: 'Rewards to use' });
    await expect(active).toContainText(code);
    await expectNoA11yViolations(page, 'dashboard with an active voucher');

    // My rewards, on a phone: the voucher, active, cancellable.
    await page.setViewportSize(PHONE);
    await active.getByRole('link', { name: 'My rewards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My rewards' })).toBeVisible();
    const voucher = page.getByRole('article', { name: 'Late check-out' });
    await expect(voucher).toContainText('Active');
    await expect(voucher).toContainText(code);
    const listed = voucher.getByRole('img', { name: `QR code of voucher ${code}` });
    await expect(listed.locator('svg')).toBeVisible();
    expect(await scan(listed, 'QRCode'), 'the code read from the QR code on a phone').toBe(code);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoA11yViolations(page, 'My rewards at 375 px');

    // Cancel, through the confirm step.
    await voucher.getByRole('button', { name: 'Cancel Late check-out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this reward?' });
    await expect(dialog).toContainText('300 points go back to your balance');
    await expectNoA11yViolations(page, 'cancel confirmation');
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    const cancelled = page.getByTestId('voucher-outcome');
    await expect(cancelled).toContainText('Late check-out cancelled. 300 points are back');
    await expect(cancelled.getByRole('status')).toBeFocused();
    await expect(voucher).toContainText('Cancelled');
    await expect(voucher.getByRole('button')).toHaveCount(0);
    await expectNoA11yViolations(page, 'voucher cancelled');
    expect((await api.balance(member.token)).pointBalance).toBe(1000);

    // The refund is a line of the statement.
    await cancelled.getByRole('link', { name: 'See the refund on your statement' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cancelled: Late check-out' })).toBeVisible();
  });
});

test('My rewards in Arabic on a phone: the voucher right to left, its cancel step in Arabic words', async ({
  page,
  api,
  member,
}) => {
  await givePoints(api, member, 1000);
  await api.post('/api/rewards/rw-late-checkout/redeem', { cost: 300 }, member.token);
  await page.setViewportSize(PHONE);
  await openSignedIn(page, member, '/dashboard/my-rewards', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'مكافآتي' })).toBeVisible();
  const voucher = page.getByRole('article', { name: 'مغادرة متأخرة' });
  await expect(voucher).toContainText('نشطة');
  await expect(voucher.getByRole('img', { name: /^رمز QR للقسيمة / }).locator('svg')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(page, 'My rewards, Arabic, 375 px');

  await voucher.getByRole('button', { name: 'إلغاء مغادرة متأخرة' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'إلغاء هذه المكافأة؟' });
  // 300 takes Arabic's "other" form: "300 نقطة", in Arabic digits or Western as the page formats it.
  await expect(dialog).toContainText(/وستعود \S+ نقطة إلى رصيدك/);
  await expectNoA11yViolations(page, 'cancel confirmation, Arabic');
});
