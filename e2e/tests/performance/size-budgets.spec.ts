import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { encodedSize } from '../../../scripts/lib/encoded-size.cjs';
import { expect, test } from '../support/fixtures';
import { startSignedIn } from '../support/session';

/**
 * The size budgets of perf/budgets.json, checked against the production build this suite runs on:
 * the JavaScript each page downloads until a member can use it, counted in gzip. Browsers are sent
 * Brotli, about 15 % smaller; each script is asked for again in gzip alone to count it in the
 * budgets' unit. Sizes, not timings, so the check is as stable as the build. `npm run perf`
 * measures the same pages with timings.
 */
interface Budgets {
  tolerance: number;
  pages: Record<string, { path: string; budgetKB: number; goalKB: number }>;
}
const budgets = JSON.parse(readFileSync(path.join(__dirname, '../../../perf/budgets.json'), 'utf8')) as Budgets;

const UNTIL_USABLE: Record<string, (page: Page) => Promise<void>> = {
  login: async (page) => {
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  },
  dashboard: async (page) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  },
};

/** Loads `url` and adds up the scripts requested until the page is usable, with their sizes. */
async function scriptsUntilUsable(page: Page, url: string, untilUsable: (page: Page) => Promise<void>) {
  const requested: Request[] = [];
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'script') requested.push(request);
  };
  page.on('request', onRequest);
  await page.goto(url);
  await untilUsable(page);
  page.off('request', onRequest);
  const scripts = [];
  for (const request of requested) {
    const response = await request.response();
    await response?.finished();
    const gzip = await encodedSize(request.url(), 'gzip');
    scripts.push({
      url: request.url(),
      sentBytes: (await request.sizes()).responseBodySize,
      sentEncoding: (await response?.headerValue('content-encoding')) ?? 'identity',
      gzipBytes: gzip.bytes,
      gzipEncoding: gzip.encoding,
    });
  }
  return scripts;
}

for (const [name, { path: pagePath, budgetKB, goalKB }] of Object.entries(budgets.pages)) {
  test(`${name}: JavaScript before usable stays within ${budgetKB} KB gzip (+${budgets.tolerance * 100} %)`, async ({
    page,
    member,
  }, testInfo) => {
    if (name !== 'login') await startSignedIn(page, member);
    const scripts = await scriptsUntilUsable(page, pagePath, UNTIL_USABLE[name]!);
    const totalKB = scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
    const sentKB = scripts.reduce((sum, script) => sum + script.sentBytes, 0) / 1024;
    await testInfo.attach(`${name}-scripts.json`, {
      body: JSON.stringify({ totalKB, sentKB, budgetKB, goalKB, scripts }, null, 2),
      contentType: 'application/json',
    });
    expect(scripts.length).toBeGreaterThan(0);
    // The browser got every script compressed, and in all fewer bytes than gzip (the build's Brotli).
    expect(scripts.filter((script) => !['br', 'gzip'].includes(script.sentEncoding)).map((s) => s.url)).toEqual([]);
    expect(sentKB).toBeLessThan(totalKB);
    // The counted figure is gzip: an uncompressed answer would make it meaningless.
    expect(scripts.filter((script) => script.gzipEncoding !== 'gzip').map((s) => s.url)).toEqual([]);
    expect(totalKB, `${name}: ${totalKB.toFixed(1)} KB gzip of JavaScript (budget ${budgetKB} KB)`).toBeLessThanOrEqual(
      budgetKB * (1 + budgets.tolerance),
    );
  });
}

test('no script the sign-in page loads before it is usable names the passkey library’s sign-in', async ({
  page,
  request,
}) => {
  const scripts = await scriptsUntilUsable(page, budgets.pages.login!.path, UNTIL_USABLE.login!);
  expect(scripts.length).toBeGreaterThan(0);
  const naming = [];
  for (const { url } of scripts) {
    if ((await (await request.get(url)).text()).includes('startAuthentication')) naming.push(url);
  }
  // `@simplewebauthn/browser` loads when a passkey ceremony starts (mf-auth's passkey-ceremony.ts):
  // a call of it in a first script would bring its chunk, or its name, onto every sign-in.
  expect(naming).toEqual([]);
});

test('the shell’s entry script opens with the compile hint that lets V8 compile it as it downloads', async ({
  page,
  request,
}) => {
  const entry = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/main.js');
  await page.goto('/auth/login');
  const body = await (await request.get((await entry).url())).text();
  // Without it, a phone compiles the entry's functions one by one on the main thread as they are
  // first called: about a third of the start-up's blocking time (webpack/start-up/compile-hint-plugin.cjs).
  expect(body.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
});
