import type { Page, Request } from '@playwright/test';
import { remoteOrigin } from '../support/endpoints';
import { expect, test } from '../support/fixtures';
import { startSignedIn, startWith } from '../support/session';

/**
 * A remote's texts go out with its routes module, not after it (`src/warm-up.ts` of each remote):
 * otherwise the page waits one more round trip before it can paint. The routes module is held back
 * here until the texts are asked for, or for a few seconds; without the warm-up they would only be
 * asked for once it had run, so they would come after the hold.
 */
const HOLD_MS = 4000;

/**
 * Holds back `remote`'s routes module until the `expected` texts chunks have all been asked for;
 * tells which were asked for before it came. (On a sign-in page the routes module and the English
 * texts are preloaded with the page, decision 016: the member's own language is what the warm-up
 * adds.)
 */
async function holdRoutesModule(page: Page, remote: string, expected: string[]) {
  const texts: string[] = [];
  let textsAskedFor: () => void = () => undefined;
  const askedFor = new Promise<void>((resolve) => (textsAskedFor = resolve));
  page.on('request', (request: Request) => {
    const file = request.url().startsWith(remote) ? /\/(texts-[\w-]+-json)\./.exec(request.url())?.[1] : undefined;
    if (!file) return;
    texts.push(file);
    if (expected.every((chunk) => texts.includes(chunk))) textsAskedFor();
  });
  const beforeRoutes: string[] = [];
  await page.route(`${remote}/__federation_expose_routes.*`, async (route) => {
    await Promise.race([askedFor, new Promise((resolve) => setTimeout(resolve, HOLD_MS))]);
    beforeRoutes.push(...texts);
    await route.continue();
  });
  return { beforeRoutes, texts };
}

test.describe('remote texts are fetched early', () => {
  test('sign-in in French: mf-auth asks for its French and English texts beside its routes module', async ({
    page,
  }) => {
    await startWith(page, { language: 'fr' });
    const seen = await holdRoutesModule(page, remoteOrigin('mf_auth'), ['texts-auth-fr-json', 'texts-auth-en-json']);

    await page.goto('/auth/login');

    await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();
    expect(seen.beforeRoutes).toContain('texts-auth-fr-json');
    // i18next loads the fallback language's texts too; they are asked for at once as well.
    expect(seen.texts.sort()).toEqual(['texts-auth-en-json', 'texts-auth-fr-json']);
  });

  test('dashboard in English: mf-points asks for its texts beside its routes module, once', async ({
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    const seen = await holdRoutesModule(page, remoteOrigin('mf_points'), ['texts-points-en-json']);

    await page.goto('/dashboard');

    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(seen.beforeRoutes).toEqual(['texts-points-en-json']);
    expect(seen.texts).toEqual(['texts-points-en-json']);
  });
});
