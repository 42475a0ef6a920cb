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

// The security screens of the account (issue #52) in the three other languages of the portal: each
// heading in the language, not left in English, and no axe violation in the longer words.
const SECURITY_SCREENS = [
  { path: '/dashboard/user/sessions', ready: 'main ul > li' },
  { path: '/dashboard/user/data', ready: 'form button[type=submit]' },
  { path: '/dashboard/user/change-password', ready: 'form button[type=submit]' },
];
const ENGLISH_HEADINGS = ['Signed-in devices', 'Your data', 'Change password'];
const TRANSLATED_HEADINGS = {
  fr: ['Appareils connectés', 'Vos données', 'Changer le mot de passe'],
  de: ['Angemeldete Geräte', 'Ihre Daten', 'Passwort ändern'],
  es: ['Dispositivos conectados', 'Tus datos', 'Cambiar contraseña'],
} as const;

test('the security screens read in French, German and Spanish and pass axe-core', async ({ page, member }) => {
  test.setTimeout(180_000);
  let first = true;
  for (const [language, headings] of Object.entries(TRANSLATED_HEADINGS)) {
    for (const [index, { path, ready }] of SECURITY_SCREENS.entries()) {
      // A second call switches the tab's language: every later load is in it.
      if (first || index === 0) await openSignedIn(page, member, path, language);
      else await page.goto(path);
      first = false;
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(headings[index]!);
      await expect(heading).not.toHaveText(ENGLISH_HEADINGS[index]!);
      await expect(page.locator(ready).first()).toBeVisible();
      await expectNoA11yViolations(page, `${path} (${language})`);
    }
  }
});
