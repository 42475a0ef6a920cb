import { expect, test } from '../support/fixtures';
import { givePoints, openSignedIn } from '../points/points-support';
import { focused } from './keyboard-support';

// After an action the focus stays where the member can go on from: the button they pressed, or the
// message that says what came of it; never the page's body, where a screen reader starts over.

test('the focus stays on the page after a download, a save and a dialog closed by its backdrop', async ({
  page,
  api,
  member,
}) => {
  await givePoints(api, member, 1000);

  await openSignedIn(page, member, '/dashboard/transactions');
  const download = page.getByRole('button', { name: 'Download CSV' });
  await Promise.all([page.waitForEvent('download'), download.click()]);
  await expect.poll(() => focused(page), 'after Download CSV').toBe('status: Lines downloaded: 1.');

  await page.goto('/dashboard/user/communication');
  await page.getByText('Newsletter', { exact: true }).click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect.poll(() => focused(page), 'after Save preferences').toBe('status: Your preferences are saved.');

  await page.goto('/dashboard/rewards');
  const redeem = page.getByRole('button', { name: 'Redeem Airport lounge pass' });
  await redeem.click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm the reward' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focused(page)).toBe('button: Cancel');
  // A click on the backdrop, beside the dialog once it has settled: it closes as Cancel would,
  // and the focus goes back to the button that opened it.
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  const box = (await dialog.boundingBox())!;
  await page.mouse.click(Math.max(5, box.x - 20), box.y + box.height / 2);
  await expect(dialog).toBeHidden();
  await expect(redeem).toBeFocused();
});

test('the focus is on the page after Send request', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await page.getByLabel('E-mail').fill(`focus-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/auth\/verify-password$/);
  await expect.poll(() => focused(page), 'after Send request').toMatch(/^status: Request sent successfully!/);
});
