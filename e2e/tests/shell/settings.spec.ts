import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { FRAME_ONLY } from '../support/frame';
import { startSignedIn, startWith } from '../support/session';

test.describe('settings drawer', () => {
  test('settings persist across reloads, follow other tabs, and reset to the defaults', async ({
    context,
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    const other = await context.newPage();
    await other.goto('/404');

    await page.getByRole('button', { name: 'Settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    await expect(drawer).toBeVisible();
    expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(280);
    await expect(drawer.getByRole('button', { name: 'Reset' })).toHaveCount(0);

    await drawer.getByRole('radiogroup', { name: 'Mode' }).getByText('Dark').click();
    await drawer.getByRole('radiogroup', { name: 'Colour' }).getByText('Purple').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('html')).toHaveAttribute('data-color-preset', 'purple');
    await expectNoA11yViolations(page, 'settings drawer (dark)', FRAME_ONLY);

    // The other tab follows without a reload.
    await expect(other.locator('html')).toHaveClass(/dark/);
    await expect(other.locator('html')).toHaveAttribute('data-color-preset', 'purple');

    // The page is dark before any application code runs (no flash of the light theme): with the
    // app's script blocked, the document still starts dark.
    await page.route('**/main.js*', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');
    await page.unroute('**/main.js*');
    await page.reload();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? '{}'))).toMatchObject({
      themeMode: 'dark',
      themeColorPresets: 'purple',
    });

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Reset' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(page.locator('html')).toHaveAttribute('data-color-preset', 'default');
    await expect(other.locator('html')).not.toHaveClass(/dark/);
  });

  test('the fullscreen toggle reads Fullscreen or Exit Fullscreen', async ({ page, member }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    await drawer.getByRole('button', { name: 'Fullscreen' }).click();
    await expect(drawer.getByRole('button', { name: 'Exit Fullscreen' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Exit Fullscreen' }).click();
    await expect(drawer.getByRole('button', { name: 'Fullscreen', exact: true })).toBeVisible();
  });

  test("the colour preset colours every app's actions, not the shell's alone", async ({ page, member }) => {
    await startSignedIn(page, member);
    await startWith(page, { settings: { themeColorPresets: 'red' } });
    await page.goto('/dashboard');
    /** The preset's solid colour, as the browser computes it. */
    const presetSolid = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('div'));
      probe.style.backgroundColor = 'var(--chakra-colors-color-palette-solid)';
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });
    expect(presetSolid).toBe('rgb(220, 38, 38)');
    const background = (role: 'link' | 'button', name: string) =>
      page
        .getByRole('main')
        .getByRole(role, { name, exact: true })
        .evaluate((element) => getComputedStyle(element).backgroundColor);

    // mf-points: the dashboard's call to action and the claim form's submit.
    expect(await background('link', 'Claim points')).toBe(presetSolid);
    await page.goto('/dashboard/claim');
    expect(await background('button', 'Claim points')).toBe(presetSolid);
    // mf-profile: the edit form's submit.
    await page.goto('/dashboard/user/edit-profile');
    expect(await background('button', 'Save changes')).toBe(presetSolid);
  });

  test("the sign-in layout's gradient and logo take the colour preset, in light and dark mode", async ({ page }) => {
    /** The layout's background and the logo mark's colour, once the page is drawn. */
    const layoutColours = async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      const header = page.locator('header').filter({ has: page.getByRole('link', { name: /Loyalty Rewards/ }) });
      return {
        background: await header.evaluate((element) => getComputedStyle(element.parentElement!).backgroundImage),
        mark: await header.locator('rect').evaluate((mark) => getComputedStyle(mark).fill),
      };
    };
    await startWith(page, { settings: { themeColorPresets: 'orange' } });
    await page.goto('/auth/login');
    // Chakra's orange.50 → blue.100; the mark in orange's solid shade (orange.700).
    expect(await layoutColours()).toEqual({
      background: 'linear-gradient(to right bottom, rgb(255, 247, 237), rgb(219, 234, 254))',
      mark: 'rgb(146, 49, 10)',
    });
    await page.evaluate(() =>
      localStorage.setItem('settings', JSON.stringify({ themeColorPresets: 'orange', themeMode: 'dark' })),
    );
    await page.reload();
    // gray.900 → orange.950.
    expect((await layoutColours()).background).toBe(
      'linear-gradient(to right bottom, rgb(24, 24, 27), rgb(34, 10, 4))',
    );
  });

  // Every colour preset's sign-in and dashboard, in light and dark mode and in the states a member
  // reaches there: e2e/tests/accessibility/states.spec.ts.

  test('stretch can be chosen only above 1600 px', async ({ page, member }) => {
    await startSignedIn(page, member);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Settings' }).click();
    const stretch = page.getByRole('dialog', { name: 'Settings' }).getByRole('checkbox', { name: 'Stretch' });
    await expect(stretch).toBeDisabled();
    await page.setViewportSize({ width: 1920, height: 1000 });
    await expect(stretch).toBeEnabled();
  });
});
