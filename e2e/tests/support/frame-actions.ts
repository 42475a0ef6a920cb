import { expect, type Page } from '@playwright/test';

/** Logs out through the account menu of the top bar, as a member would. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu of / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/** The account menu of the top bar is there: the shell's frame is working. */
export async function expectAccountMenu(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^Account menu of / })).toBeVisible();
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
