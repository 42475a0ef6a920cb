import { expect, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { claimByApi, createBooking, givePoints, openSignedIn } from './points-support';

const SCREENS = [
  { path: '/dashboard', name: 'dashboard' },
  { path: '/dashboard/transactions', name: 'transactions' },
  { path: '/dashboard/claim', name: 'claim' },
  { path: '/dashboard/redeem', name: 'redeem' },
  { path: '/dashboard/calendar', name: 'calendar' },
  { path: '/dashboard/rewards', name: 'rewards' },
  { path: '/dashboard/card', name: 'card' },
  { path: '/dashboard/tiers', name: 'tiers' },
  { path: '/dashboard/my-rewards', name: 'my rewards' },
  { path: '/dashboard/help', name: 'help' },
];

const VARIANTS = [
  { label: 'desktop', width: 1440, language: 'en' },
  { label: '375 px', width: 375, language: 'en' },
  { label: 'Arabic RTL', width: 1440, language: 'ar' },
  { label: 'Arabic RTL 375 px', width: 375, language: 'ar' },
];

for (const variant of VARIANTS) {
  test(`every points screen passes axe-core (${variant.label})`, async ({ page, api, member }) => {
    // Ten screens and eleven axe scans: more than the default minute on a shared machine.
    test.setTimeout(240_000);
    // Some history, so the tables, lists and tracker are on screen, not only the empty states.
    await givePoints(api, member, 1200);
    const today = new Date().toISOString().slice(0, 10);
    const upcoming = await createBooking(api, { startDate: today, endDate: today }, 300);
    await claimByApi(api, member, upcoming.bookingId, upcoming.startDate);
    // A voucher, so My rewards shows one with its QR code rather than its empty state.
    await api.post('/api/rewards/rw-late-checkout/redeem', { cost: 300 }, member.token);

    await page.setViewportSize({ width: variant.width, height: 900 });
    await openSignedIn(page, member, SCREENS[0]!.path, variant.language);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (variant.language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      // Nothing wider than the screen on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${screen.name} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectNoA11yViolations(page, `${screen.name} (${variant.label})`);
      // On a phone the history's filters fold away: check them unfolded too.
      if (screen.name === 'transactions' && variant.width < 768) {
        await page.locator('form[role=search] button[aria-expanded=false]').click();
        await expect(page.locator('form[role=search] select').first()).toBeVisible();
        await expectNoA11yViolations(page, `transactions, filters open (${variant.label})`);
      }
    }

    // The confirmation dialog too.
    await page.goto('/dashboard/redeem');
    await page.getByRole('spinbutton').fill('10');
    await page.locator('form[aria-label] button[type=submit]').click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoA11yViolations(page, `redeem confirmation (${variant.label})`);
  });
}
