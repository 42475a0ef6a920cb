import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { startSignedIn } from '../support/session';
import { signIn } from '../support/sign-in';

/**
 * The API layer comes in two chunks of the shell's own: `@loyalty/shared/api` (every endpoint and
 * its contract's schemas) and the HTTP client (ky) it sends with. Sign-in is usable before either
 * is needed, and a session's first call to the API does not wait for them.
 */
type ApiLayerChunk = 'api' | 'client';

/** Whether a script is the API module's chunk, known by its exports (its file has no name). */
const isApiModule = (script: string) =>
  script.includes('LoginRequestSchema') && script.includes('CheckPermissionsRequestSchema');

/** Which chunk of the API layer a response is, if any: the client by name, the API by its exports. */
async function apiLayerChunk(response: Response): Promise<ApiLayerChunk | null> {
  if (response.request().resourceType() !== 'script') return null;
  if (/\/http-client\.\w+\.js$/.test(new URL(response.url()).pathname)) return 'client';
  return isApiModule(await response.text().catch(() => '')) ? 'api' : null;
}

/** The API layer's chunks, in the order their answers came. */
function watchApiLayer(page: Page) {
  const arrived: ApiLayerChunk[] = [];
  page.on('response', async (response) => {
    const chunk = await apiLayerChunk(response);
    if (chunk) arrived.push(chunk);
  });
  return arrived;
}

/** Cuts the API module's chunk off the first time it is fetched, as a moment without network would. */
async function failApiModuleOnce(page: Page) {
  let failed = 0;
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch();
    if (failed === 0 && isApiModule(await response.text())) {
      failed += 1;
      return route.abort('internetdisconnected');
    }
    return route.fulfill({ response });
  });
  return { failures: () => failed };
}

test('sign-in: usable without the API layer, which comes when the member starts typing', async ({ page, member }) => {
  const arrived = watchApiLayer(page);
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Whatever ran after the first render had its chance to ask for it.
  await page.waitForLoadState('networkidle');
  expect(arrived).toEqual([]);

  await page.getByLabel('E-mail').click();
  await expect.poll(() => [...arrived].sort()).toEqual(['api', 'client']);
  await signIn(page, member.email, member.password);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect([...arrived].sort()).toEqual(['api', 'client']);
});

test('dashboard: a session fetches the API layer beside the configuration, not after it', async ({ page, member }) => {
  await startSignedIn(page, member);
  const arrived = watchApiLayer(page);
  const arrivedWhileConfigHeld: ApiLayerChunk[] = [];
  // The API's address comes with the configuration; the API layer must already be on its way.
  await page.route('**/config.json', async (route) => {
    for (let waited = 0; arrived.length < 2 && waited < 3000; waited += 50) await page.waitForTimeout(50);
    arrivedWhileConfigHeld.push(...arrived);
    await route.continue();
  });

  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(arrivedWhileConfigHeld.sort()).toEqual(['api', 'client']);
  expect(arrived.sort()).toEqual(['api', 'client']);
});

test('sign-in: an API layer that could not be fetched is fetched again when the member submits', async ({
  page,
  member,
}) => {
  const cut = await failApiModuleOnce(page);
  await page.goto('/auth/login');
  // The member reaches for the form: the preload's fetch is the one that fails.
  await page.getByLabel('E-mail').click();
  await expect.poll(cut.failures).toBe(1);

  await signIn(page, member.email, member.password);

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a remote's page whose API chunk could not be fetched comes on Retry", async ({ page }) => {
  const cut = await failApiModuleOnce(page);
  // The register page imports the API itself: without it, mf-auth's page cannot be shown.
  await page.goto('/auth/register');
  await expect(page.getByText('This part of the page could not be loaded.')).toBeVisible();
  expect(cut.failures()).toBe(1);

  await page.getByRole('button', { name: 'Retry' }).click();

  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

/** Whether a script is the query library's chunk, known by its own error text. */
async function isQueryLibrary(response: Response): Promise<boolean> {
  if (response.request().resourceType() !== 'script') return false;
  return (await response.text().catch(() => '')).includes('No QueryClient set');
}

test('sign-in never loads the query library, even once the member reaches for the form', async ({ page }) => {
  const loaded: string[] = [];
  page.on('response', async (response) => {
    if (await isQueryLibrary(response)) loaded.push(response.url());
  });
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').click();
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);
});

test('dashboard: a session fetches the query library beside the configuration, not after it', async ({
  page,
  member,
}) => {
  await startSignedIn(page, member);
  let arrived = false;
  page.on('response', async (response) => {
    if (await isQueryLibrary(response)) arrived = true;
  });
  let arrivedWhileConfigHeld = false;
  await page.route('**/config.json', async (route) => {
    for (let waited = 0; !arrived && waited < 3000; waited += 50) await page.waitForTimeout(50);
    arrivedWhileConfigHeld = arrived;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(arrivedWhileConfigHeld).toBe(true);
});
