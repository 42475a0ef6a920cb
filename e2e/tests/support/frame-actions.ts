import { expect, type Locator, type Page } from '@playwright/test';

/** The accessible name of the top bar's account button, in English, whoever is signed in. */
const ACCOUNT_BUTTON = /^Account menu of /;

/**
 * Opens the account menu of the top bar and waits until it stands below its button. Until the
 * positioner has measured it, the menu is in the DOM and "visible" but parked a screen's height
 * above the page (no `data-placement` yet); under load that lasts long enough for a click on an
 * item to land where the item was, not where it is.
 */
export async function openAccountMenu(page: Page, buttonName: string | RegExp = ACCOUNT_BUTTON): Promise<Locator> {
  await page.getByRole('button', { name: buttonName }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toHaveAttribute('data-placement', /^bottom/);
  return menu;
}

/** Logs out through the account menu of the top bar, as a member would (in English unless told). */
export async function logOut(
  page: Page,
  names: { button: string | RegExp; item: string } = { button: ACCOUNT_BUTTON, item: 'Logout' },
): Promise<void> {
  const menu = await openAccountMenu(page, names.button);
  await menu.getByRole('menuitem', { name: names.item }).click();
}

/** The account menu of the top bar is there: the shell's frame is working. */
export async function expectAccountMenu(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: ACCOUNT_BUTTON })).toBeVisible();
}

/**
 * Opens an entry of the main navigation by its name, opening its parent first when it sits in a
 * submenu (Profile → My account), whatever the layout.
 */
export async function openFromNavigation(page: Page, name: string, parent = 'Profile'): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const link = navigation.getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await navigation.getByRole('button', { name: parent }).click();
  await link.click();
}
