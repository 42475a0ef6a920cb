import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { openSignedIn } from '../support/session';

const SCREENS = [
  { path: '/dashboard/user/account', ready: 'account-full_name' },
  { path: '/dashboard/user/edit-profile', ready: null },
  { path: '/dashboard/user/change-password', ready: null },
  { path: '/dashboard/user/communication', ready: null },
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
      if (screen.ready) await expect(page.getByTestId(screen.ready)).toBeVisible();
      else await expect(page.locator('form button[type=submit]')).toBeVisible();
      await expectNoA11yViolations(page, `${screen.path} (${view.name})`);
    }
  });
}
