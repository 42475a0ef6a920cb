import { test, expect } from '../support/fixtures';

// docs/product/limits.md: the portal is set in Public Sans. Each app serves the typeface from its own origin
// (webpack/chakra/font-faces.cjs), so it loads under the pages' `font-src 'self'` and on any device.
test('pages are set in Public Sans, one file for a page in English, from the portal itself', async ({ page }) => {
  const fontResponses: { url: string; status: number; type: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'font') {
      fontResponses.push({ url: response.url(), status: response.status(), type: response.headers()['content-type'] });
    }
  });
  await page.goto('/auth/login');
  const heading = page.getByRole('heading', { level: 1, name: 'Sign in' });
  await expect(heading).toBeVisible();

  const loadedFamilies = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family);
  });
  expect(loadedFamilies.map((family) => family.replace(/["']/g, ''))).toEqual(['Public Sans']);
  expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Public Sans"?,/);
  // The Latin subset alone: the other subsets' unicode-range keeps them unfetched.
  expect(fontResponses).toEqual([{ url: expect.any(String), status: 200, type: 'font/woff2' }]);
  const fontUrl = new URL(fontResponses[0]!.url);
  expect(fontUrl.origin).toBe(new URL(page.url()).origin);
  expect(fontUrl.pathname).toMatch(/^\/public-sans-latin-wght-normal\.[0-9a-f]{10}\.woff2$/);
});
