import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { startSignedIn } from '../support/session';
import { createBooking, ENDED, givePoints } from '../points/points-support';
import { expectFocusOn, focused, outOfReadingOrder, tabStops, tabTo } from './keyboard-support';

// Whole journeys with the keyboard alone (docs/product/accessibility.md, "Keyboard"): no click,
// no fill; after each step the test says where the focus is.

/** The element with the focus is inside `container`. */
const focusInside = (container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement) && document.activeElement !== element);

test.describe('keyboard journeys', () => {
  test.use({ locale: 'en-US' });

  test('sign in: e-mail, Tab, password, Enter; the address goes along to the reset page', async ({ page, member }) => {
    await page.goto('/auth/login');
    const email = page.getByLabel('E-mail');
    const password = page.getByLabel('Password', { exact: true });
    await tabTo(page, email);
    await page.keyboard.type(member.email);
    await page.keyboard.press('Tab');
    // The password comes right after the e-mail: no link between them.
    await expectFocusOn(password);
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    // The refusal takes the focus, and the form keeps what was typed.
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText('Invalid login credentials');
    await expectFocusOn(refusal);
    await expect(email).toHaveValue(member.email);

    // Forgot password?, after the password: the address typed goes along.
    await tabTo(page, page.getByRole('link', { name: 'Forgot password?' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\/forgot-password/);
    await expect(page.getByLabel('E-mail')).toHaveValue(member.email);
    // And back: 'Back to sign in' brings it back to the sign-in form.
    await tabTo(page, page.getByRole('link', { name: 'Back to sign in' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(email).toHaveValue(member.email);

    await tabTo(page, password);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(member.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The first Tab on the signed-in page offers the way past the header.
    await page.keyboard.press('Tab');
    await expectFocusOn(page.getByRole('link', { name: 'Skip to main content' }));
    await page.keyboard.press('Enter');
    await expectFocusOn(page.getByRole('main'));
  });

  test('register: the keyboard reads the form in order, no error for a field passed by, Enter submits', async ({
    page,
  }) => {
    await page.goto('/auth/register');
    const firstName = page.getByLabel('First name');
    await tabTo(page, firstName);
    await page.keyboard.press('Shift+Tab');
    // Through every field and the submit button, in the order they are drawn.
    const stops = await tabStops(page, 8);
    expect(outOfReadingOrder(stops)).toBeNull();
    expect(stops.at(-1)?.name).toBe('Create account');
    // Passing fields by shows no error and moves nothing.
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);

    // Enter on the button with nothing typed: the errors, and the focus on the first field.
    await page.keyboard.press('Enter');
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectFocusOn(firstName);

    const email = `keyboard-${Date.now()}@example.com`;
    await page.keyboard.type('Grace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Sunny#Day42');
    // Past the show/hide button to the confirmation.
    await tabTo(page, page.getByLabel('Confirm password'));
    await page.keyboard.type('Sunny#Day42');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\/verify-otp/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('claim: from the navigation to the claim form and its outcome, which takes the focus', async ({
    page,
    api,
    member,
  }) => {
    const booking = await createBooking(api, ENDED, 400);
    await startSignedIn(page, member);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    // Claiming sits in the Points group: its button opens the panel, Tab goes on into it.
    await tabTo(page, navigation.getByRole('button', { name: 'Points' }));
    await page.keyboard.press('Enter');
    await tabTo(page, navigation.getByRole('link', { name: 'Claim points' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Claim points' })).toBeVisible();

    await tabTo(page, page.getByLabel('Booking ID'));
    await page.keyboard.type(booking.bookingId);
    await page.keyboard.press('Tab');
    await expectFocusOn(page.getByLabel('Booking date'));
    // The browser's own date field, typed in its order (month, day, year in en-US).
    const [year, month, day] = booking.startDate.split('-');
    await page.keyboard.type(`${month}${day}${year}`);
    await page.keyboard.press('Enter');
    const outcome = page.locator('[role="status"][tabindex="-1"]');
    await expect(outcome).toContainText('Claim has been successful');
    await expectFocusOn(outcome);
  });

  test('redeem: the confirmation takes the focus, Enter confirms, the outcome takes it after', async ({
    page,
    api,
    member,
  }) => {
    await givePoints(api, member, 500);
    await startSignedIn(page, member);
    await page.goto('/dashboard/redeem');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await tabTo(page, page.getByRole('spinbutton'));
    await page.keyboard.type('120');
    await page.keyboard.press('Enter');
    const confirmation = page.getByRole('alertdialog');
    await expect(confirmation).toBeVisible();
    await expect.poll(() => focusInside(confirmation)).toBe(true);
    await tabTo(page, confirmation.getByRole('button', { name: /confirm|redeem/i }));
    await page.keyboard.press('Enter');
    await expect(confirmation).toBeHidden();
    const outcome = page.locator('[role="status"][tabindex="-1"]');
    await expect(outcome).toContainText('120');
    await expectFocusOn(outcome);
  });

  test('settings drawer: takes the focus, keeps it, Escape closes it and gives it back', async ({ page, member }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const opener = page.getByRole('button', { name: 'Settings' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    await expect(drawer).toBeVisible();
    await expect.poll(() => focusInside(drawer)).toBe(true);
    // Tab and Shift+Tab go round inside it, never to the page behind.
    for (const key of [...Array(25).fill('Tab'), ...Array(5).fill('Shift+Tab')] as string[]) {
      await page.keyboard.press(key);
      expect(await focusInside(drawer), `after ${key} the focus is on ${await focused(page)}`).toBe(true);
    }
    // A setting chosen with the arrows applies at once.
    await tabTo(page, drawer.getByRole('radio', { name: 'Light' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expectFocusOn(opener);
  });

  test('account menu: arrows inside, Escape closes it and gives the focus back', async ({ page, member }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    // The page there first, as in the other journeys: once, under load, the focus did not come back
    // to the button when the menu was closed while the dashboard was still arriving.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const opener = page.getByRole('button', { name: /^Account menu of / });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // The menu (or its first item) takes the focus.
    await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Edit profile' })).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expectFocusOn(opener);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

    test('navigation drawer: takes and keeps the focus, a link opens its page, Escape gives the focus back', async ({
      page,
      member,
    }) => {
      await startSignedIn(page, member);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const opener = page.getByRole('button', { name: 'Open navigation' });
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expect.poll(() => focusInside(drawer)).toBe(true);
      for (let press = 0; press < 15; press += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInside(drawer), `the focus left the drawer for ${await focused(page)}`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expectFocusOn(opener);

      await page.keyboard.press('Enter');
      await expect(drawer).toBeVisible();
      await tabTo(page, drawer.getByRole('button', { name: 'Points' }));
      await page.keyboard.press('Enter');
      await tabTo(page, drawer.getByRole('link', { name: 'Statement' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/dashboard\/transactions$/);
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();
      // The focus is back in the page, not lost.
      expect(await focused(page)).not.toBe('body');
    });
  });
});

/** A point of the page beside `overlay` (a drawer takes one side of the screen), half-way down. */
async function pointOutside(page: Page, overlay: Locator): Promise<[number, number]> {
  // A drawer measured while it still slides in stands off its place: wait for it to settle.
  await overlay.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  const box = (await overlay.boundingBox())!;
  const width = page.viewportSize()!.width;
  const y = box.y + box.height / 2;
  return box.x > 20 ? [5, y] : [Math.min(width - 5, box.x + box.width + 20), y];
}

/** Opens an overlay with the mouse and closes it with a click outside: it closes, the focus goes back. */
async function closesOnOutsideClick(page: Page, opener: Locator, overlay: Locator) {
  await opener.click();
  await expect(overlay).toBeVisible();
  await expect.poll(() => focusInside(overlay)).toBe(true);
  await page.mouse.click(...(await pointOutside(page, overlay)));
  await expect(overlay).toBeHidden();
  await expectFocusOn(opener);
}

test('every overlay closes on a click outside and gives the focus back to its opener', async ({ page, member }) => {
  await startSignedIn(page, member);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await closesOnOutsideClick(
    page,
    page.getByRole('button', { name: 'Settings' }),
    page.getByRole('dialog', { name: 'Settings' }),
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await closesOnOutsideClick(page, page.getByRole('button', { name: 'Open navigation' }), page.getByRole('dialog'));
  // The menu has no backdrop: a click outside on the page's text (nothing that takes the focus)
  // closes it, and the focus goes back to its button.
  const account = page.getByRole('button', { name: /^Account menu of / });
  await account.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click({ position: { x: 5, y: 5 } });
  await expect(page.getByRole('menu')).toBeHidden();
  await expectFocusOn(account);
});
