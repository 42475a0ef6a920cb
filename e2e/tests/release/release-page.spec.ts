import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { COLOUR_RULES, expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

/**
 * The release page (`release page`) of a deploy root with two recorded walks of mf-points in
 * production: 1.2.0 rolled back at 25 %, 1.1.0 promoted. The fixture's lines are those of
 * release/src/testing/release-page-fixture.ts (release-page.test.ts holds them equal).
 */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const FIXTURE = path.join(__dirname, 'fixtures', 'release-page');

let deployRoot: string;
let pageUrl: string;

test.beforeAll(() => {
  deployRoot = mkdtempSync(path.join(os.tmpdir(), 'release-page-e2e-'));
  mkdirSync(path.join(deployRoot, 'manifests'));
  for (const file of ['readings.jsonl', 'audit.jsonl']) {
    copyFileSync(path.join(FIXTURE, file), path.join(deployRoot, 'manifests', file));
  }
  const out = path.join(deployRoot, 'walks.html');
  const result = spawnSync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    [
      path.join(REPO_ROOT, 'release', 'src', 'cli.ts'),
      'page',
      '--root',
      deployRoot,
      '--env',
      'production',
      '--out',
      out,
    ],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  expect(result.stdout).toContain(`Release page of production: 2 canary walk(s) in ${out}`);
  pageUrl = pathToFileURL(out).href;
});

test.afterAll(() => {
  rmSync(deployRoot, { recursive: true, force: true });
});

/** Opens the page, refusing any request that is not the file itself: it must need nothing else. */
async function openPage(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url() !== pageUrl) requests.push(request.url());
  });
  await page.goto(pageUrl);
  return requests;
}

test('the release page names each walk, how it ended, its decisions and a chart per check', async ({ page }) => {
  const requests = await openPage(page);
  await expect(page).toHaveTitle('Canary walks: production');
  await expect(page.getByRole('heading', { level: 1, name: 'Canary walks: production' })).toBeVisible();
  await expect(
    page.getByRole('heading', {
      level: 3,
      name: 'mf-points 1.2.0: rolled back at 25 % after 105 s, judged at 95 % confidence',
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 3, name: 'mf-points 1.1.0: promoted after 180 s, judged at 95 % confidence' }),
  ).toBeVisible();

  const decisions = page.getByRole('table', { name: 'Decisions of mf-points 1.2.0' });
  await expect(decisions.getByRole('row')).toHaveCount(6);
  await expect(decisions.getByRole('row', { name: /105 s rollback fail 0 %/ })).toBeVisible();

  // Six charts a walk (steps, refusals, four checks), each an image with a summary for its name.
  await expect(page.getByRole('img')).toHaveCount(12);
  await expect(page.getByRole('img', { name: /^error rate of mf-points 1\.2\.0 .*fail at 105 s/ })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Steps of mf-points 1\.1\.0: .*unavailable readings at 40 s/ }),
  ).toBeVisible();

  // A check's readings open as a table, with the samples of each reading.
  await page.getByText('Readings of p75 INP').first().click();
  await expect(page.getByRole('row', { name: /^140 s 3\/3 \(100 %\)/ })).toBeVisible();

  expect(requests).toEqual([]);
  await expectNoA11yViolations(page, 'the release page');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoA11yViolations(page, 'the release page, dark', { rules: COLOUR_RULES });
});

for (const [width, scheme] of [
  [1440, 'light'],
  [375, 'light'],
  [375, 'dark'],
] as const) {
  test(`the release page reads at ${width} px, ${scheme}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await openPage(page);
    // Nothing wider than the screen: tables scroll in their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The decisions fit as they are, without scrolling their box (the readings' tables may scroll).
    const decisions = page.getByRole('region', { name: /^Decisions of / });
    await expect(decisions).toHaveCount(2);
    for (const region of await decisions.all()) {
      expect(await region.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    }
    await expect(page).toHaveScreenshot(`release-page-${width}-${scheme}.png`, {
      fullPage: true,
      // When the page was made: the one line that differs from run to run.
      mask: [page.locator('.intro')],
      // Renders alike pixel for pixel from run to run; a few hundred pixels of leeway for a font's
      // edge. A share of the whole page was too loose: a redrawn chart moved 0.7 % of it and passed.
      maxDiffPixels: 300,
    });
  });
}
