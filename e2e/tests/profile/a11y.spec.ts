import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { openSignedIn } from '../support/session';

// `ready`: what shows the screen has its data (a CSS selector; the forms' submit button by default).
const SCREENS = [
  { path: '/dashboard/user/account', ready: '[data-testid="account-full_name"]' },
  { path: '/dashboard/user/edit-profile', ready: null },
  { path: '/dashboard/user/change-password', ready: null },
  { path: '/dashboard/user/communication', ready: null },
  { path: '/dashboard/user/sessions', ready: 'main ul > li' },
  { path: '/dashboard/user/data', ready: null },
] as const;

const VIEWS = [
  { name: 'desktop', width: 1440, language: undefined },
  { name: '375 px', width: 375, language: undefined },
  { name: 'Arabic RTL', width: 1440, language: 'ar' },
  { name: 'Arabic RTL at 375 px', width: 375, language: 'ar' },
] as const;

for (const view of VIEWS) {
  test(`the profile screens pass axe-core (${view.name})`, async ({ page, member }) => {
    await page.setViewportSize({ width: view.width, height: 900 });
    let first = true;
    for (const screen of SCREENS) {
      if (first) await openSignedIn(page, member, screen.path, view.language);
      else await page.goto(screen.path);
      first = false;
      if (view.language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator(screen.ready ?? 'form button[type=submit]').first()).toBeVisible();
      await expectNoA11yViolations(page, `${screen.path} (${view.name})`);
    }
  });
}
