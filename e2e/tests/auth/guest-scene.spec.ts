import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { startWith } from '../support/session';

// The programme's picture on the guest pages (docs/product/frame.md, "Guest layout"): beside the
// form from 1024 px, on the side the reading direction puts after it; on a phone not there at all,
// the form alone above the fold. It decorates, arrives late and low, and moves nothing.

const SCENE_FILE = /\/guest-scene\.[0-9a-f]{10}\.svg$/;
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 667 };

/** Before the page's scripts: the layout shifts and the largest paints of the whole load, kept. */
async function watchPaints(page: Page) {
  await page.addInitScript(() => {
    const seen = { shift: 0, largest: [] as string[] };
    (window as unknown as { __paints: typeof seen }).__paints = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) seen.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) {
        seen.largest.push(entry.element?.tagName ?? 'gone');
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

const paints = (page: Page) =>
  page.evaluate(() => (window as unknown as { __paints: { shift: number; largest: string[] } }).__paints);

/** Opens sign-in and waits for its form, recording every request for the scene. */
async function openSignIn(page: Page, language: 'en' | 'ar', settings?: object) {
  const sceneRequests: string[] = [];
  page.on('request', (request) => {
    if (SCENE_FILE.test(new URL(request.url()).pathname)) sceneRequests.push(request.url());
  });
  await startWith(page, { language, settings });
  await watchPaints(page);
  await page.goto('/auth/login');
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  const submit = page.getByRole('main').locator('form button[type="submit"]');
  await expect(submit).toBeVisible();
  return { sceneRequests, submit, form: page.getByRole('main').locator('form') };
}

/** The picture of the guest layout, once the browser has it whole. */
async function sceneLoaded(page: Page): Promise<Locator> {
  const picture = page.locator('main .guest-scene').locator('img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  // Two frames after it is decoded, so a shift it caused has been recorded.
  await picture.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  return picture;
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
};

for (const language of ['en', 'ar'] as const) {
  test.describe(`the guest pages' picture (${language})`, () => {
    test(`at 1440 px it stands beside the form, ${language === 'ar' ? 'on its left' : 'on its right'}, moving nothing`, async ({
      page,
    }) => {
      await page.setViewportSize(WIDE);
      const { form, sceneRequests } = await openSignIn(page, language);
      const picture = await sceneLoaded(page);

      const [formBox, sceneBox] = [await box(form), await box(page.locator('main .guest-scene'))];
      if (language === 'ar') expect(sceneBox.x + sceneBox.width).toBeLessThan(formBox.x);
      else expect(sceneBox.x).toBeGreaterThan(formBox.x + formBox.width);
      // Beside the form, from the card's top, and most of the window's height.
      expect(sceneBox.height).toBeGreaterThan(WIDE.height / 2);
      expect(sceneBox.y + sceneBox.height).toBeLessThanOrEqual(WIDE.height);

      // Decorative, never announced; asked for late and low, once, and allowed by the page's policy
      // (the fixture fails the test on any violation); cached for good, its name being its content.
      await expect(picture).toHaveAttribute('alt', '');
      await expect(page.locator('main .guest-scene')).toHaveAttribute('aria-hidden', 'true');
      await expect(picture).toHaveAttribute('fetchpriority', 'low');
      expect(sceneRequests).toHaveLength(1);
      const answer = await page.request.get(sceneRequests[0]!);
      expect(answer.headers()['content-type']).toMatch(/^image\/svg\+xml/);
      expect(answer.headers()['cache-control']).toContain('immutable');

      expect((await paints(page)).shift).toBe(0);
      await expectNoA11yViolations(page, `sign-in with its picture (${language}, 1440 px)`);
    });

    test('at 375 × 667 the form is alone above the fold, and the picture never loads', async ({ page }) => {
      await page.setViewportSize(PHONE);
      const { submit, sceneRequests } = await openSignIn(page, language);
      await expect(page.locator('main .guest-scene')).toBeHidden();
      const button = await box(submit);
      expect(button.y + button.height).toBeLessThanOrEqual(PHONE.height);
      // Let the page settle as a member would see it (a few frames, the fonts), then look again.
      await page.evaluate(() => document.fonts.ready);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(sceneRequests).toEqual([]);
      const seen = await paints(page);
      expect(seen.shift).toBe(0);
      expect(seen.largest).not.toContain('IMG');
      await expectNoA11yViolations(page, `sign-in on a phone (${language})`);
    });
  });
}

test('in dark mode the picture is dimmed with the page, and the page stays readable', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openSignIn(page, 'en', { themeMode: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  const picture = await sceneLoaded(page);
  expect(await picture.evaluate((img) => getComputedStyle(img).filter)).toBe('brightness(0.85)');
  expect((await paints(page)).shift).toBe(0);
  await expectNoA11yViolations(page, 'sign-in with its picture (dark)');
});

test('the first paint keeps the picture’s place and the card’s, before any script has run', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await startWith(page, { language: 'ar' });
  await page.route(/\.js(\?|$)/, (route) =>
    route.request().url().endsWith('/theme-init.js') ? route.continue() : route.abort(),
  );
  await page.goto('/auth/login');
  await expect(page.locator('html')).toHaveAttribute('data-first-paint', 'auth');
  const paintedScene = await box(page.locator('.fp-scene'));
  const paintedCard = await box(page.locator('.fp-page[data-frame="auth"] .fp-card'));

  await page.unroute(/\.js(\?|$)/);
  await page.reload();
  await expect(page.getByRole('main').locator('form button[type="submit"]')).toBeVisible();
  const scene = await box(page.locator('main .guest-scene'));
  const card = await box(
    page.getByRole('main').locator('form').locator('xpath=ancestor::*[contains(@class, "card__root")][1]'),
  );
  for (const [painted, drawn] of [
    [paintedScene, scene],
    [paintedCard, card],
  ] as const) {
    expect(Math.abs(painted.x - drawn.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(painted.y - drawn.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(painted.width - drawn.width)).toBeLessThanOrEqual(1);
  }
  expect(Math.abs(paintedScene.height - scene.height)).toBeLessThanOrEqual(1);
});
