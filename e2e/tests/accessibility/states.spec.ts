import type { Locator, Page } from '@playwright/test';
import { expect, test, type TestMember } from '../support/fixtures';
import type { MockApi } from '../support/mock-api';
import { COLOUR_RULES, expectNoA11yViolations } from '../support/axe';
import { startSignedIn, startWith } from '../support/session';
import { followInNavigation } from '../support/frame-actions';
import { ENDED, createBooking } from '../points/points-support';
import { THEME_COLOR_PRESETS } from '../../../shared/src/ui/color-presets';

// axe on the states a member reaches, not only on pages as they open: errors shown, an action's
// failure and success, the settings drawer, the account menu and the navigation drawer open. Each
// variant is one visit through them all (one sign-in page, one dashboard), so the suite's time
// grows with the states, not with pages loaded. The screens' own suites check each page as it
// opens. Below the variants, every colour preset the settings drawer offers goes through the same
// states in light and dark mode (the shell's settings suite checks its pages as they open).

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

/** What a scan checks: the whole page, or (`scope`) only some parts or rules of it. */
type Scope = Parameters<typeof expectNoA11yViolations>[2];

/**
 * Opens an overlay, checks the page with it open (the overlay alone with `scope.include`), closes it
 * with Escape. expectNoA11yViolations waits for its opening animation: axe measures colours as drawn.
 */
async function withOverlayOpen(page: Page, opener: Locator, overlay: Locator, state: string, scope?: Scope) {
  await opener.click();
  await expect(overlay).toBeVisible();
  await expect(overlay).not.toHaveAttribute('data-state', /closed/);
  await expectNoA11yViolations(page, state, scope);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
}

/**
 * Sign-in on a phone with a refused sign-in's alert and a field's error shown together (the alert
 * stays until the next submit; the field is checked again as it is typed in), checked in one scan.
 */
async function signInRefusedWithError(page: Page, member: TestMember, label: string, scope?: Scope) {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/auth/login');
  const email = page.locator('input[type=email], input[name=email]').first();
  const submit = page.locator('form button[type=submit]');
  await email.fill('not-an-address');
  await submit.click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill(member.email);
  await page.locator('input[type=password]').fill('not the password');
  await submit.click();
  const refused = page.getByRole('alert').filter({ hasText: /\S/ });
  await expect(refused).toBeVisible();
  await email.fill('not-an-address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(refused).toBeVisible();
  await expectNoA11yViolations(page, `sign-in refused, with an error (${label})`, scope);
}

/** Follows the page's own link to `path` (no reload: one visit). */
async function follow(page: Page, path: string) {
  // The frame's navigation, in whatever language the variant is (the page's first navigation).
  const navigation = page.getByRole('navigation').first();
  await followInNavigation(navigation.locator(`a[href="${path}"]`).first());
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The dashboard at 1440 px, with the account menu open. */
async function dashboardWithAccountMenu(page: Page, label: string, names: Variant['names'], scope?: Scope) {
  await follow(page, '/dashboard');
  await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await withOverlayOpen(
    page,
    page.getByRole('button', { name: names.account }),
    page.getByRole('menu'),
    `dashboard, account menu open (${label})`,
    scope,
  );
}

const claimForm = (page: Page) => page.getByRole('main').locator('form');

/** The claim form's errors, then an unknown booking refused: the page is left on the refusal. */
async function claimRefused(page: Page, label: string, scope?: Scope) {
  await follow(page, '/dashboard/claim');
  const form = claimForm(page);
  const bookingId = form.locator('input[name=bookingId]');
  await expect(bookingId).toBeVisible();
  await form.locator('button[type=submit]').click();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  await bookingId.fill('NOPE-0000');
  await form.locator('input[name=bookingDate]').fill('2030-01-01');
  await form.locator('button[type=submit]').click();
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await expectNoA11yViolations(page, `claim refused (${label})`, scope);
}

/** From the claim form, a known booking claimed: accepted. */
async function claimAccepted(page: Page, api: MockApi, label: string, scope?: Scope) {
  const booking = await createBooking(api, ENDED, 250);
  const form = claimForm(page);
  await form.locator('input[name=bookingId]').fill(booking.bookingId);
  await form.locator('input[name=bookingDate]').fill(booking.startDate);
  await form.locator('button[type=submit]').click();
  await expect(page.getByRole('main').locator('[role=status][tabindex="-1"]')).toBeVisible();
  await expectNoA11yViolations(page, `claim accepted (${label})`, scope);
}

/** On a phone, the navigation drawer open (the drawer alone with `scope.include`); back at 1440 px. */
async function navigationDrawerOpen(page: Page, label: string, names: Variant['names'], scope?: Scope) {
  await page.setViewportSize({ width: 375, height: 812 });
  await withOverlayOpen(
    page,
    page.getByRole('button', { name: names.navigation }),
    page.getByRole('dialog'),
    `navigation drawer open (${label})`,
    scope,
  );
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const variant of VARIANTS) {
  test.describe(variant.label, () => {
    // Several axe scans in one visit: minutes on a shared 2-core machine.
    test.describe.configure({ timeout: 240_000 });

    test.beforeEach(async ({ page }) => {
      await startWith(page, { language: variant.language, settings: variant.settings });
    });

    test('sign-in: a refused sign-in with an error shown', async ({ page, member }) => {
      await page.goto('/auth/login');
      await expect(page.locator('html')).toHaveAttribute('dir', variant.language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('html')).toHaveAttribute('data-contrast', variant.settings.themeContrast);
      // An address reads left to right in every language (docs/product/accessibility.md, "Names and texts").
      const email = page.locator('input[type=email], input[name=email]').first();
      expect(await email.evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
      await signInRefusedWithError(page, member, variant.label);
    });

    test('signed in: overlays open, a claim refused and accepted', async ({ page, api, member }) => {
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
      // The signed-in states of one visit: the account menu, a claim refused (after its errors)
      // and one accepted, and on a phone the navigation drawer.
      await dashboardWithAccountMenu(page, variant.label, variant.names);
      await claimRefused(page, variant.label);
      await claimAccepted(page, api, variant.label);
      await navigationDrawerOpen(page, variant.label, variant.names);
    });
  });
}

/** The page is drawn in `preset` and `mode`. */
async function expectAppearance(page: Page, preset: string, mode: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-color-preset', preset);
  if (mode === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
  else await expect(page.locator('html')).not.toHaveClass(/dark/);
}

const MODES = ['light', 'dark'] as const;

/** Presets whose both modes a variant above takes through every state with every rule already. */
const COVERED = THEME_COLOR_PRESETS.filter((preset) =>
  MODES.every((mode) =>
    VARIANTS.some(
      ({ settings }) =>
        settings.themeColorPresets === preset && settings.themeMode === mode && settings.themeContrast === 'default',
    ),
  ),
);

// Every other colour preset the settings drawer offers, in light and dark mode, through the states
// whose colours a preset changes: one member and two tabs per preset (signed out on sign-in,
// signed in on the dashboard), each state reached once. The member switches to dark in the settings
// drawer, checked open in both modes, and the pages stand as they were: the claim's refusal is
// checked again without a second visit, and the sign-in tab follows without a reload. A preset
// changes colours alone, on pages the variants check with every rule: here axe runs the rules
// colours can break, on an overlay checks the overlay, and on the claim the page's content (its
// frame is the dashboard's, checked in the same preset and mode). A claim accepted is left to the
// variants: it differs from the refusal by its alert alone, drawn in the success status's own
// palette whatever the preset, in both modes there.
test.describe('every colour preset, light and dark', () => {
  test.describe.configure({ timeout: 240_000 });
  const wholePage = { rules: COLOUR_RULES };
  const overlay = { rules: COLOUR_RULES, include: ['[role=dialog]'] };
  const content = { rules: COLOUR_RULES, include: ['main'] };

  for (const preset of THEME_COLOR_PRESETS.filter((preset) => !COVERED.includes(preset))) {
    test(`the ${preset} preset`, async ({ context, page: signIn, member }) => {
      const light = `${preset}, light`;
      const dark = `${preset}, dark`;
      await startWith(signIn, { language: 'en', settings: { themeColorPresets: preset, themeMode: 'light' } });
      await signInRefusedWithError(signIn, member, light, wholePage);
      await expectAppearance(signIn, preset, 'light');

      const dashboard = await context.newPage();
      await startSignedIn(dashboard, member);
      await dashboard.setViewportSize({ width: 1440, height: 900 });
      await dashboard.goto('/dashboard');
      await dashboardWithAccountMenu(dashboard, light, ENGLISH, wholePage);
      await navigationDrawerOpen(dashboard, light, ENGLISH, overlay);
      await claimRefused(dashboard, light, content);
      await expectAppearance(dashboard, preset, 'light');

      const drawer = dashboard.getByRole('dialog', { name: ENGLISH.settings });
      await dashboard.getByRole('button', { name: ENGLISH.settings }).click();
      await expect(drawer).not.toHaveAttribute('data-state', /closed/);
      await expectNoA11yViolations(dashboard, `settings drawer open (${light})`, overlay);
      await drawer.getByRole('radiogroup', { name: 'Mode' }).getByText('Dark').click();
      await expectAppearance(dashboard, preset, 'dark');
      await expectNoA11yViolations(dashboard, `settings drawer open (${dark})`, overlay);
      await dashboard.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // The refusal still shown, now dark; then the way back through the drawer and the menu.
      await expect(dashboard.getByRole('main').getByRole('alert')).toBeVisible();
      await expectNoA11yViolations(dashboard, `claim refused (${dark})`, content);
      await navigationDrawerOpen(dashboard, dark, ENGLISH, overlay);
      await dashboardWithAccountMenu(dashboard, dark, ENGLISH, wholePage);
      await expectAppearance(dashboard, preset, 'dark');
      // The sign-in tab took dark mode from the other tab, its refusal and error still shown.
      await expectAppearance(signIn, preset, 'dark');
      await expectNoA11yViolations(signIn, `sign-in refused, with an error (${dark})`, wholePage);
    });
  }
});
