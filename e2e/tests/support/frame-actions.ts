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
 * The button that opens the group an entry of the navigation sits in (Points → Statement, Profile →
 * My account), whatever the layout: the nearest list item above the entry with a button of its own.
 */
export function groupOf(entry: Locator): Locator {
  return entry.locator('xpath=ancestor::li[button][1]/button');
}

/** Opens an entry of the main navigation by its name, opening its group first when it sits in one. */
export async function openFromNavigation(page: Page, name: string): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await followInNavigation(navigation.getByRole('link', { name, exact: true, includeHidden: true }));
}

/**
 * Follows a link of the navigation, opening its group first when it is closed. Find the link with
 * `includeHidden: true`: a closed group's links are hidden, and a role locator skips hidden ones.
 */
export async function followInNavigation(link: Locator): Promise<void> {
  // Until the navigation is drawn neither is there: wait for the link, or its group's button (which
  // comes first in the page), before asking whether the link shows.
  await link.or(groupOf(link)).first().waitFor();
  if (!(await link.isVisible())) await groupOf(link).click();
  await link.click();
}
