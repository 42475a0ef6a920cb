import { expect, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { createBooking, openSignedIn } from './points-support';
import { openFromNavigation } from '../support/frame-actions';

// These tests move the mock API's clock, which is global to the API: they run one after the other
// and always put it back.
test.describe.configure({ mode: 'serial' });

test.describe('claim, wait for the booking to end, redeem, let the rest expire', () => {
  test('pending goes up, becomes available after the end date, a redemption agrees with the history', async ({
    page,
    api,
    member,
  }) => {
    const booking = await createBooking(api, { startDate: '2031-05-10', endDate: '2031-05-14' }, 900);
    try {
      await openSignedIn(page, member, '/dashboard');
      await expect(page.getByTestId('balance-pointsPending')).toHaveText('0');

      // Claim through the form; the pending figure on the same page follows without a reload.
      await page.getByRole('link', { name: 'Claim points' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Claim points' })).toBeVisible();
      await page.getByLabel('Booking ID').fill(booking.bookingId.toLowerCase());
      await page.getByLabel('Booking date').fill(booking.startDate);
      await page.getByRole('button', { name: 'Claim points' }).click();
      const outcome = page.getByRole('status').filter({ hasText: 'Claim has been successful' });
      await expect(outcome).toContainText(
        'Claim has been successful. Please note that the points will be reflected in your balance after processing is completed.',
      );
      // The outcome's facts: the points, the booking as the API holds it, the day they unlock.
      await expect(outcome).toContainText(`900 points for booking \u2068${booking.bookingId}\u2069`);
      await expect(outcome).toContainText('Available to spend on 15 May 2031');
      await expect(page.getByTestId('pending-total')).toHaveText('900 points pending in all');
      await expect(page.getByTestId('pending-item')).toContainText('Available on 15 May 2031');
      // Nothing expires before the points can be spent: 24 months from the day they become available.
      expect(await api.balance(member.token)).toEqual({
        pointBalance: 0,
        pointsPending: 900,
        totalClaimed: 900,
        nextExpiry: { points: 900, date: '2033-05-15', soon: false },
      });

      // The same booking again.
      await page.getByLabel('Booking ID').fill(booking.bookingId);
      await page.getByLabel('Booking date').fill(booking.startDate);
      await page.getByRole('button', { name: 'Claim points' }).click();
      await expect(page.getByRole('alert')).toHaveText('This transaction has already been claimed');

      // The day after the booking ends, the points are available.
      await api.post('/api/dev/clock', { now: '2031-05-16T09:00:00Z' });
      await page.goto('/dashboard');
      await expect(page.getByTestId('balance-pointBalance')).toHaveText('900');
      await expect(page.getByTestId('balance-pointsPending')).toHaveText('0');

      // Redeem part of it, with the confirmation step.
      await openFromNavigation(page, 'Redeem points');
      await expect(page.getByTestId('redeem-available')).toHaveText('900');
      await page.getByLabel('Points to redeem').fill('350');
      await page.getByRole('button', { name: 'Redeem', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Confirm the redemption' });
      await expect(dialog).toContainText('Redeem 350 points? Your balance will then be 550 points.');
      await dialog.getByRole('button', { name: 'Yes, redeem' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'redeemed' })).toHaveText(
        '350 points redeemed. Your new balance is 550 points.',
      );
      await expect(page.getByTestId('redeem-available')).toHaveText('550');
      // One source of truth: the shell's top bar shows the new balance without a reload.
      await expect(page.getByTestId('top-bar-points')).toHaveText('550 points');
      // The redemption is activity: what is left now expires 24 months from today.
      expect(await api.balance(member.token)).toEqual({
        pointBalance: 550,
        pointsPending: 0,
        totalClaimed: 900,
        nextExpiry: { points: 550, date: '2033-05-16', soon: false },
      });

      // The history says the same: one credit of 900, one debit of 350.
      await page.goto('/dashboard/transactions');
      const rows = page.getByTestId('transaction-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('Debit');
      await expect(rows.nth(0)).toContainText('\u2212350');
      await expect(rows.nth(1)).toContainText('Credit');
      await expect(rows.nth(1)).toContainText('+900');
      await expect(rows.nth(1)).toContainText(booking.bookingId);
      await expect(page.getByTestId('expiry-notice')).toHaveText('550 points expire on 16 May 2033');

      // Within 90 days of the expiry the next steps say what keeps the points (docs/product/expiry.md).
      await api.post('/api/dev/clock', { now: '2033-03-01T09:00:00Z' });
      await page.goto('/dashboard');
      await expect(page.getByTestId('membership-card').getByTestId('expiry-notice')).toHaveText(
        '550 points expire on 16 May 2033',
      );
      await expect(page.getByTestId('next-step-expiry')).toHaveText(
        '550 points expire on 16 May 2033. Claim a stay or redeem a reward before then and your whole balance stays valid for 24 months more.',
      );
      await expectNoA11yViolations(page, 'dashboard, points expiring within 90 days');

      // On the day, they expire: a statement line of its own, and the balance follows it.
      await api.post('/api/dev/clock', { now: '2033-05-16T09:00:00Z' });
      await page.goto('/dashboard/transactions');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText('Points expired: no activity since 16 May 2031');
      await expect(rows.nth(0)).toContainText('\u2212550');
      await expect(page.getByTestId('top-bar-points')).toHaveText('0 points');
      await expect(page.getByTestId('expiry-notice')).toHaveCount(0);
      await expectNoA11yViolations(page, 'statement with a "Points expired" line');
    } finally {
      await api.post('/api/dev/clock', { now: null });
    }
  });
});
