import { expect, test } from '../support/fixtures';
import { DEMO_MEMBER } from '../support/demo-member';
import { signIn } from '../support/sign-in';

/**
 * `npm start` as a developer runs it: the dev servers of the shell and the three remotes, and the
 * mock API (playwright.dev.config.ts). Development builds differ from the production builds every
 * other suite runs on: JSX compiles to React's development runtime, nothing is minified or hashed.
 * A sharing mistake can break them alone, and once did: the shell's eager modules asked for a
 * runtime it only provided lazily, and the portal did not start.
 */
test('npm start: the demo member signs in, and each remote renders its page', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Development never registers the service worker (decision 068), so it never serves a kept file.
  const noWorker = page.waitForEvent('console', (message) =>
    message.text().startsWith('Service worker not registered: development build'),
  );

  await page.goto('/auth/login');
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Points to spend', { exact: true })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  await page.goto('/dashboard/user/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  expect(pageErrors).toEqual([]);
  await noWorker;
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});
