import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { startSignedIn } from '../support/session';

/**
 * Decision 011: the page a member opens in the browser appears whole, straight after the HTML's
 * frame, without the navigation loader in between. Every change to the page is recorded from the
 * first byte, so a loader that showed for a single frame would be seen.
 */
test.describe('the page a member lands on', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { __landingSeen?: string[] }).__landingSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"][aria-busy="true"]')) seen.push('loader');
        if (document.querySelector('h1')) seen.push('page');
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
  });

  const seen = (page: Page) =>
    page.evaluate(() => [...new Set((window as { __landingSeen?: string[] }).__landingSeen)]);

  test('a dashboard page opened signed in appears without the loader before it', async ({ page, member }) => {
    await startSignedIn(page, member);
    const permissionAsked = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/api/user/check-permissions'),
    );
    await page.goto('/dashboard/transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();
    expect(await seen(page)).toEqual(['page']);
    // The gate would show the loader until answered: the answer was asked for and in before it rendered.
    await permissionAsked;
  });

  test('the sign-in page appears without the loader before it', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await seen(page)).toEqual(['page']);
  });

  test('a page reached by a link inside the portal still shows the loader while its code comes', async ({
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // Neither the claim page's code nor its permission answer is there yet: hold the answer back.
    await page.route('**/api/user/check-permissions', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.evaluate(() => ((window as { __landingSeen?: string[] }).__landingSeen!.length = 0));
    await page.getByRole('main').getByRole('link', { name: 'Claim points' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Claim points' })).toBeVisible();
    expect(await seen(page)).toContain('loader');
  });
});
