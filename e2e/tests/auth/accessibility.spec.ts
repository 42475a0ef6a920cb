import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';

/** Every mf-auth screen, with what its journey would have left in the tab for it. */
const SCREENS = [
  { path: '/auth/login', name: 'sign in' },
  { path: '/auth/register', name: 'register' },
  { path: '/auth/verify-otp', name: 'register code' },
  { path: '/auth/forgot-password', name: 'forgot password' },
  { path: '/auth/verify-password', name: 'reset code' },
  { path: '/auth/new-password', name: 'new password' },
  { path: '/auth/success-password', name: 'password reset' },
  // The sign-in alert's "this wasn't me" link, and the same page once its link is spent or cut.
  { path: '/auth/not-me#token=a-link-token-of-twenty-chars', name: "this wasn't me" },
  { path: '/auth/not-me', name: "this wasn't me, link not valid" },
] as const;

async function seedJourney(page: Page, language: string) {
  await page.addInitScript((lng) => {
    localStorage.setItem('i18nextLng', lng);
    sessionStorage.setItem('mf-auth.register-email', 'someone@example.com');
    sessionStorage.setItem('mf-auth.reset-email', 'someone@example.com');
    sessionStorage.setItem('mf-auth.reset-token', 'not-a-real-token');
  }, language);
}

async function checkEveryScreen(page: Page, label: string) {
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page, `${screen.name} (${label})`);
    // Errors shown are part of the screen too.
    const submit = page.locator('form button[type="submit"]');
    // The "this wasn't me" form has no field: what its button sends is the link's token.
    if ((await submit.count()) > 0 && !screen.path.startsWith('/auth/not-me')) {
      await submit.click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoA11yViolations(page, `${screen.name} with errors (${label})`);
    }
  }
}

test.describe('mf-auth accessibility', () => {
  // Nine screens, most checked twice by axe: minutes, not seconds, on a shared 2-core machine.
  test.describe.configure({ timeout: 300_000 });

  test('every screen at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await seedJourney(page, 'en');
    await checkEveryScreen(page, '1440 px');
  });

  test('every screen at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await seedJourney(page, 'en');
    await checkEveryScreen(page, '375 px');
  });

  test('every screen in Arabic, right to left', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await seedJourney(page, 'ar');
    await page.goto('/auth/login');
    await expect(page.locator('html[dir=rtl]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
    await checkEveryScreen(page, 'Arabic');
  });
});
