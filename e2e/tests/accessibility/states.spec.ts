import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { startSignedIn, startWith } from '../support/session';
import { ENDED, createBooking } from '../points/points-support';

// axe on the states a member reaches, not only on pages as they open: errors shown, an action's
// failure and success, the settings drawer, the account menu and the navigation drawer open. Each
// variant is one visit through them all (one sign-in page, one dashboard), so the suite's time
// grows with the states, not with pages loaded. The screens' own suites check each page as it
// opens; settings.spec.ts checks every colour preset's pages in light and dark.

interface Variant {
  label: string;
  language: 'en' | 'ar';
  settings: { themeMode: 'light' | 'dark'; themeContrast: 'default' | 'bold'; themeColorPresets: string };
  /** The overlays' openers' names in the variant's language (shell/src/locales). */
  names: { settings: string; navigation: string; account: RegExp };
}

const ENGLISH = { settings: 'Settings', navigation: 'Open navigation', account: /^Account menu of / };
const ARABIC = { settings: 'الإعدادات', navigation: 'فتح التنقل', account: /^قائمة حساب / };

const VARIANTS: Variant[] = [
  {
    label: 'light, English',
    language: 'en',
    settings: { themeMode: 'light', themeContrast: 'default', themeColorPresets: 'default' },
    names: ENGLISH,
  },
  {
    label: 'dark, Arabic',
    language: 'ar',
    settings: { themeMode: 'dark', themeContrast: 'default', themeColorPresets: 'default' },
    names: ARABIC,
  },
  {
    label: 'dark, English, Bold, purple',
    language: 'en',
    settings: { themeMode: 'dark', themeContrast: 'bold', themeColorPresets: 'purple' },
    names: ENGLISH,
  },
  {
    label: 'light, Arabic, Bold, orange',
    language: 'ar',
    settings: { themeMode: 'light', themeContrast: 'bold', themeColorPresets: 'orange' },
    names: ARABIC,
  },
];

/** Opens an overlay, checks the page with it open, closes it with Escape. */
async function withOverlayOpen(page: Page, opener: Locator, overlay: Locator, state: string) {
  await opener.click();
  await expect(overlay).toBeVisible();
  // Its opening animation done: axe measures colours as they are drawn.
  await expect(overlay).not.toHaveAttribute('data-state', /closed/);
  await page.waitForTimeout(400);
  await expectNoA11yViolations(page, state);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
}

for (const variant of VARIANTS) {
  test.describe(variant.label, () => {
    // Seven or eight axe scans in one visit: minutes on a shared 2-core machine.
    test.describe.configure({ timeout: 240_000 });

    test.beforeEach(async ({ page }) => {
      await startWith(page, { language: variant.language, settings: variant.settings });
    });

    test('sign-in: errors shown, then a refused sign-in', async ({ page, member }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/auth/login');
      await expect(page.locator('html')).toHaveAttribute('dir', variant.language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('html')).toHaveAttribute('data-contrast', variant.settings.themeContrast);
      const email = page.locator('input[type=email], input[name=email]').first();
      // An address reads left to right in every language (docs/product/accessibility.md, "Names and texts").
      expect(await email.evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
      await email.fill('not-an-address');
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoA11yViolations(page, `sign-in with errors (${variant.label})`);

      await email.fill(member.email);
      await page.locator('input[type=password]').fill('not the password');
      await page.locator('form button[type=submit]').click();
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
      await expectNoA11yViolations(page, `sign-in refused (${variant.label})`);
    });

    test('signed in: overlays open, a claim refused and accepted', async ({ page, api, member }) => {
      const booking = await createBooking(api, ENDED, 250);
      await startSignedIn(page, member);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/dashboard');
      await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

      await withOverlayOpen(
        page,
        page.getByRole('button', { name: variant.names.settings }),
        page.getByRole('dialog', { name: variant.names.settings }),
        `settings drawer open (${variant.label})`,
      );
      await withOverlayOpen(
        page,
        page.getByRole('button', { name: variant.names.account }),
        page.getByRole('menu'),
        `account menu open (${variant.label})`,
      );

      // The claim form: errors, then an unknown booking, then one that is known.
      await page.goto('/dashboard/claim');
      const form = page.getByRole('main').locator('form');
      const bookingId = form.locator('input[name=bookingId]');
      await expect(bookingId).toBeVisible();
      await form.locator('button[type=submit]').click();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
      await bookingId.fill('NOPE-0000');
      await form.locator('input[name=bookingDate]').fill('2030-01-01');
      await form.locator('button[type=submit]').click();
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
      await expectNoA11yViolations(page, `claim refused (${variant.label})`);
      await bookingId.fill(booking.bookingId);
      await form.locator('input[name=bookingDate]').fill(booking.startDate);
      await form.locator('button[type=submit]').click();
      await expect(page.getByRole('main').locator('[role=status][tabindex="-1"]')).toBeVisible();
      await expectNoA11yViolations(page, `claim accepted (${variant.label})`);

      // On a phone: the navigation drawer.
      await page.setViewportSize({ width: 375, height: 812 });
      await withOverlayOpen(
        page,
        page.getByRole('button', { name: variant.names.navigation }),
        page.getByRole('dialog'),
        `navigation drawer open (${variant.label})`,
      );
    });
  });
}
