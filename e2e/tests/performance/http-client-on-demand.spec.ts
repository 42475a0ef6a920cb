import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { startSignedIn } from '../support/session';
import { signIn } from '../support/sign-in';

/**
 * The HTTP client (ky) is a chunk of the shell of its own (`@loyalty/shared/http`): sign-in is
 * usable before it is needed, and a session's first call to the API does not wait for it.
 */
const isHttpClient = (request: Request) => /\/http-client\.\w+\.js$/.test(new URL(request.url()).pathname);

function watchHttpClient(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (isHttpClient(request)) asked.push(request.url());
  });
  return asked;
}

test('sign-in: usable without the client, which comes when the member starts typing', async ({ page, member }) => {
  const asked = watchHttpClient(page);
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Whatever ran after the first render had its chance to ask for it.
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);

  const clientAsked = page.waitForRequest(isHttpClient);
  await page.getByLabel('E-mail').click();
  await clientAsked;
  await signIn(page, member.email, member.password);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(asked).toHaveLength(1);
});

test('dashboard: a session fetches the client beside the configuration, not after it', async ({ page, member }) => {
  await startSignedIn(page, member);
  const asked = watchHttpClient(page);
  const askedWhileConfigHeld: string[] = [];
  // The API's address comes with the configuration; the client must already be on its way.
  await page.route('**/config.json', async (route) => {
    for (let waited = 0; asked.length === 0 && waited < 3000; waited += 50) await page.waitForTimeout(50);
    askedWhileConfigHeld.push(...asked);
    await route.continue();
  });

  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(askedWhileConfigHeld).toHaveLength(1);
  expect(asked).toHaveLength(1);
});
