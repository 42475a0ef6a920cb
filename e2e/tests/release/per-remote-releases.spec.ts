import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import type { CspViolationLog } from '../support/csp-violations';
import { signIn } from '../support/sign-in';
import {
  ReleaseStack,
  SHELL,
  STACK_PORTS,
  addressesBySide,
  mfPointsBuild,
  registerMember,
  waitForCohort,
  type StackMember,
} from './release-stack';
import { memberAddress, type MemberAddress } from '../support/member-address';
import { expectAccountMenu } from '../support/frame-actions';
import { expectForgotten, expectWarm } from './worker-cache';

// One deploy root, one shell build: each step changes the release manifest and members reload.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stack = new ReleaseStack();
const pointsArea = (page: Page) => page.locator('[data-remote="mf_points"]');
/** mf-points' own heading: its code ran (its data comes from the API, which is not under test here). */
const pointsRendered = (page: Page) => pointsArea(page).getByRole('heading', { name: 'Dashboard', level: 1 });

/**
 * axe-core on what this feature puts on screen (the banner, the fallback), at desktop and phone
 * widths: the remote's own pages are checked by their team's specs.
 */
async function expectAccessible(page: Page, selector: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page })
      .include(selector)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.help}`),
      `${selector} at ${width}px`,
    ).toEqual([]);
  }
}

/** The proxies members' browsers reach the portal through, each from its network's address. */
const networks: MemberAddress[] = [];

/**
 * A member in their own browser context at `address`, signed in once, then on their network's
 * cohort from the next load. The context outlives this test: its CSP violations fail whichever
 * test is running.
 */
async function memberPage(
  browser: Browser,
  { member, address }: { member: StackMember; address: string },
  csp: CspViolationLog,
  { expectRendered = true } = {},
): Promise<Page> {
  const network = await memberAddress(address);
  networks.push(network);
  const context = await network.newContext(browser);
  await csp.watch(context);
  const page = await context.newPage();
  await page.goto(`${SHELL}/auth/login`);
  await signIn(page, member.email, member.password);
  await waitForCohort(context);
  await page.reload();
  if (expectRendered) await expect(pointsRendered(page)).toBeVisible();
  return page;
}

async function expectVersion(page: Page, version: string, channel: string) {
  await page.reload();
  await expect(pointsRendered(page)).toBeVisible();
  await expect(pointsArea(page)).toHaveAttribute('data-remote-version', version);
  await expect(pointsArea(page)).toHaveAttribute('data-remote-channel', channel);
}

interface NamedRelease {
  version: string;
  entry: string;
}

/** The folder mf-points `version` is served from, as the manifest in force names it (`<origin>/<version>/`). */
function releaseFolder(version: string): string {
  const channels = stack.deployedManifest()!.remotes.mf_points as {
    stable: NamedRelease;
    canary?: NamedRelease;
    previous?: NamedRelease[];
  };
  const named = [channels.stable, channels.canary, ...(channels.previous ?? [])].find(
    (release) => release?.version === version,
  );
  expect(named, `the manifest names mf-points ${version}`).toBeDefined();
  return new URL('.', named!.entry).href;
}

/** A member at home on each side of a 50 % canary of mf-points: the network's cohort decides. */
let inCanary: { member: StackMember; address: string };
let outOfCanary: { member: StackMember; address: string };
let canaryPage: Page;
let stablePage: Page;

test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  // Made before the stack starts, so a build does not compete with the browser for the CPU.
  mfPointsBuild('1.0.0');
  mfPointsBuild('1.1.0');
  mfPointsBuild('1.2.0');
  await stack.start();
  const sides = addressesBySide('mf_points', 50, 1, 40);
  inCanary = { member: await registerMember(request, 'cohort'), address: sides.inCanary[0]! };
  outOfCanary = { member: await registerMember(request, 'cohort'), address: sides.outOfCanary[0]! };
});

test.afterAll(async () => {
  await Promise.all(networks.map((network) => network.close()));
  await stack.stop();
});

test('publish 1.0.0: members get it', async ({ browser, cspViolations }) => {
  expect(await stack.releaseOk('publish', 'mf-points', '--from', mfPointsBuild('1.0.0'))).toMatch(
    /Published mf-points 1\.0\.0 \(sha384-/,
  );
  await stack.releaseOk('pin', 'mf-points', '1.0.0');

  canaryPage = await memberPage(browser, inCanary, cspViolations);
  stablePage = await memberPage(browser, outOfCanary, cspViolations);
  await expectVersion(canaryPage, '1.0.0', 'stable');
  await expectVersion(stablePage, '1.0.0', 'stable');
  // Every release after this one reaches members whose devices keep this one (decision 068).
  await expectWarm(canaryPage, releaseFolder('1.0.0'));
  await expectWarm(stablePage, releaseFolder('1.0.0'));
});

test('a 50 % canary of 1.1.0: the cohort gets it, the others keep 1.0.0, each across reloads', async () => {
  // A published version is immutable.
  const again = await stack.release('publish', 'mf-points', '--from', mfPointsBuild('1.0.0'));
  expect(again.status).not.toBe(0);
  expect(again.output).toMatch(/already published/);

  await stack.releaseOk('publish', 'mf-points', '--from', mfPointsBuild('1.1.0'));
  await stack.releaseOk('canary', 'mf-points', '1.1.0', '--percent', '50', '--check-url');

  // The cohort's member moves on from the stable release kept on their device, and then keeps the
  // canary: the reloads after are answered from a warm cache on both sides.
  await expectVersion(canaryPage, '1.1.0', 'canary');
  await expectWarm(canaryPage, releaseFolder('1.1.0'));
  for (let reload = 0; reload < 3; reload += 1) {
    await expectVersion(canaryPage, '1.1.0', 'canary');
    await expectVersion(stablePage, '1.0.0', 'stable');
  }
  expect(await stack.releaseOk('status')).toMatch(/mf_points\s+stable 1\.0\.0\s+canary 1\.1\.0 \(50 %\)/);
});

test('QA override: a version the manifest lists, marked on screen, for the session, until cleared', async () => {
  await stablePage.goto(`${SHELL}/dashboard?remote=mf-points@1.1.0`);
  await expect(pointsArea(stablePage)).toHaveAttribute('data-remote-version', '1.1.0');
  await expect(pointsArea(stablePage)).toHaveAttribute('data-remote-channel', 'override');
  const banner = stablePage.getByRole('status').filter({ hasText: 'Test version active' });
  await expect(banner).toContainText('mf-points@1.1.0');
  await expect(pointsRendered(stablePage)).toBeVisible();
  // This member's device now keeps the canary too.
  await expectWarm(stablePage, releaseFolder('1.1.0'));
  await expectAccessible(stablePage, '[data-testid="release-override-banner"]');

  // Kept without the query for the tab's session, never in localStorage…
  await stablePage.goto(`${SHELL}/dashboard`);
  await expect(pointsArea(stablePage)).toHaveAttribute('data-remote-channel', 'override');
  expect(await stablePage.evaluate(() => localStorage.getItem('release.overrides'))).toBeNull();
  // …until QA goes back to the released version.
  await stablePage.getByRole('button', { name: 'Back to the released version' }).click();
  await expect(pointsArea(stablePage)).toHaveAttribute('data-remote-channel', 'stable');
  await expect(pointsArea(stablePage)).toHaveAttribute('data-remote-version', '1.0.0');
  await expect(banner).toHaveCount(0);
  // A member outside the cohort gets stable at the next load though the canary is kept on their device.
  await expectVersion(stablePage, '1.0.0', 'stable');
});

test('promote: everyone gets 1.1.0; rollback: everyone is back on 1.0.0 at the next load', async () => {
  // Each command returns once the edge serves what it wrote: the next page load is the release's.
  const servedByEdge = /The edge \S+ serves revision \d+ \(\d+ ms after the write\)\./;
  const [stableFolder, canaryFolder] = [releaseFolder('1.0.0'), releaseFolder('1.1.0')];
  expect(await stack.releaseOk('promote', 'mf-points')).toMatch(servedByEdge);
  await expectVersion(canaryPage, '1.1.0', 'stable');
  await expectVersion(stablePage, '1.1.0', 'stable');
  // Both devices keep 1.1.0, and still 1.0.0: the manifest names it as the previous stable.
  for (const page of [canaryPage, stablePage]) {
    await expectWarm(page, canaryFolder);
    await expectWarm(page, stableFolder);
  }

  // Rolled back while both pages are open: the next load is 1.0.0's, and 1.1.0 leaves the devices.
  expect(await stack.releaseOk('rollback', 'mf-points')).toMatch(servedByEdge);
  await expectVersion(canaryPage, '1.0.0', 'stable');
  await expectVersion(stablePage, '1.0.0', 'stable');
  await expectForgotten(canaryPage, canaryFolder);
  await expectForgotten(stablePage, canaryFolder);

  const history = await stack.releaseOk('history', 'mf-points');
  expect(history.match(/e2e-release-manager {2}(publish|pin|canary|promote|rollback) /g)).toHaveLength(6);
});

test('a canary stopped while pages are open: its cohort gets 1.0.0 at the next load, and it leaves the cache', async () => {
  // A version these pages never loaded: a file the browser keeps in memory from an earlier load of
  // the tab never reaches the worker, which would then never keep it.
  await stack.releaseOk('publish', 'mf-points', '--from', mfPointsBuild('1.2.0'));
  await stack.releaseOk('canary', 'mf-points', '1.2.0', '--percent', '50');
  const canaryFolder = releaseFolder('1.2.0');
  await expectVersion(canaryPage, '1.2.0', 'canary');
  await expectWarm(canaryPage, canaryFolder);
  await expectVersion(stablePage, '1.0.0', 'stable');

  await stack.releaseOk('rollback-canary', 'mf-points');
  await expectVersion(canaryPage, '1.0.0', 'stable');
  await expectForgotten(canaryPage, canaryFolder);
});

test('a downgrade link to a rolled-back version is ignored, said in the console, and not kept', async () => {
  const warnings: string[] = [];
  const listen = (message: { type: () => string; text: () => string }) => {
    if (message.type() === 'warning') warnings.push(message.text());
  };
  canaryPage.on('console', listen);
  // 1.1.0 was rolled back: the manifest no longer lists it.
  await canaryPage.goto(`${SHELL}/dashboard?remote=mf-points@1.1.0`);
  await expect(pointsRendered(canaryPage)).toBeVisible();
  await expect(pointsArea(canaryPage)).toHaveAttribute('data-remote-version', '1.0.0');
  await expect(pointsArea(canaryPage)).toHaveAttribute('data-remote-channel', 'stable');
  await expect(canaryPage.getByTestId('release-override-banner')).toHaveCount(0);
  expect(warnings.join('\n')).toContain('Release override mf_points@1.1.0 ignored');

  await canaryPage.goto(`${SHELL}/dashboard`);
  await expect(pointsArea(canaryPage)).toHaveAttribute('data-remote-version', '1.0.0');
  expect(
    await canaryPage.evaluate(() => [
      sessionStorage.getItem('release.overrides'),
      localStorage.getItem('release.overrides'),
    ]),
  ).toEqual([null, null]);
  canaryPage.off('console', listen);
});

test('a tampered entry is refused: the area falls back, the code never runs, the shell keeps working', async () => {
  // The entry as the manifest names it: on mf-points' own origin, `<origin>/1.0.0/remoteEntry.js`.
  const { entry: releasedEntry } = (
    stack.deployedManifest()!.remotes.mf_points as { stable: { version: string; entry: string } }
  ).stable;
  expect(releasedEntry).toMatch(/\/1\.0\.0\/remoteEntry\.js$/);
  // The member's device has kept the released entry: the worker controls the page (it registers
  // once a load's network is quiet, which the reloads of the journeys before need not have left
  // it) and holds the entry.
  await stablePage.reload();
  await expect
    .poll(
      () =>
        stablePage.evaluate(async (entryUrl) => {
          if (!navigator.serviceWorker.controller) return false;
          const keys = await (await caches.open('loyalty-remotes')).keys();
          return keys.some(({ url }) => url.split('?')[0] === entryUrl);
        }, releasedEntry),
      { message: 'the worker controls the page and keeps the entry', timeout: 30_000 },
    )
    .toBe(true);

  const entry = path.join(stack.deployRoot, 'mf-points', '1.0.0', 'remoteEntry.js');
  appendFileSync(entry, '\nwindow.__tamperedEntryRan = true;\n');
  // And its precompressed files, which the edge sends as they are to browsers that accept them.
  const tampered = readFileSync(entry);
  if (existsSync(`${entry}.br`)) writeFileSync(`${entry}.br`, zlib.brotliCompressSync(tampered));
  if (existsSync(`${entry}.gz`)) writeFileSync(`${entry}.gz`, zlib.gzipSync(tampered));

  // The CLI's integrity check refuses to put the tampered build live again…
  const pin = await stack.release('pin', 'mf-points', '1.0.0');
  expect(pin.status).not.toBe(0);
  expect(pin.output).toMatch(/changed after publishing/);

  // A member whose device kept the released entry (the service worker, decision 068) gets those
  // bytes: the worker's own fetch of the changed file fails the entry's integrity, like the page's.
  await stablePage.reload();
  await expect(pointsRendered(stablePage)).toBeVisible();
  await expect(pointsArea(stablePage)).toHaveAttribute('data-remote-version', '1.0.0');
  expect(
    await stablePage.evaluate(() => (window as { __tamperedEntryRan?: boolean }).__tamperedEntryRan),
  ).toBeUndefined();

  // …and browsers refuse to run it where it already is live, from the network or from the kept
  // copy once that is changed too: the integrity applies to whatever the worker answers with.
  const keptCopy = await stablePage.evaluate(async (entryUrl) => {
    const cache = await caches.open('loyalty-remotes');
    const keys = await cache.keys();
    // Compared without a query the runtime may add.
    const kept = keys.find(({ url }) => url.split('?')[0] === entryUrl);
    // What is kept instead, for the failure's message.
    if (!kept) return keys.map(({ url }) => url);
    const genuine = await (await cache.match(kept))!.text();
    const changed = `${genuine}\nwindow.__tamperedEntryRan = true;\n`;
    await cache.put(kept, new Response(changed, { headers: { 'Content-Type': 'text/javascript' } }));
    return kept.url.split('?')[0];
  }, releasedEntry);
  expect(keptCopy, 'the kept copy of the entry').toBe(releasedEntry);
  await stablePage.reload();
  await expect(stablePage.getByText('This part of the page could not be loaded.')).toBeVisible({ timeout: 20_000 });
  await expect(stablePage.getByRole('button', { name: /retry/i })).toBeVisible();
  expect(
    await stablePage.evaluate(() => (window as { __tamperedEntryRan?: boolean }).__tamperedEntryRan),
  ).toBeUndefined();
  await expectAccountMenu(stablePage);
  await expectAccessible(stablePage, '[data-remote="mf_points"]');
});

test('a release from another origin takes effect on the next page load: the edge follows the manifest', async ({
  request,
}) => {
  // The same files under another origin of the mf-points server: the pages' policy must change.
  const otherOrigin = `https://127.0.0.1:${STACK_PORTS.MF_POINTS_PORT}`;
  const scriptSources = async () =>
    ((await request.get(`${SHELL}/dashboard`)).headers()['content-security-policy'] ?? '')
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'))!
      .trim()
      .split(/\s+/)
      .slice(1);
  expect(await scriptSources()).not.toContain(otherOrigin);

  const { status, output, edgeMs } = await stack.release('pin', 'mf-points', '1.1.0', '--base-url', otherOrigin);
  expect(status, output).toBe(0);
  // The preview polls the manifest every 100 ms, generates the configuration and reloads nginx.
  expect(edgeMs).not.toBeNull();
  expect(edgeMs!).toBeLessThan(3_000);
  test.info().annotations.push({
    type: 'edge reload',
    description: stack.edgeTimes.map(({ command, ms }) => `${command}: ${ms} ms`).join('; '),
  });

  expect(await scriptSources()).toContain(otherOrigin);
  const link = (await request.get(`${SHELL}/dashboard`)).headers()['link'];
  expect(link).toContain(`<${otherOrigin}/1.1.0/remoteEntry.js>; rel=preload; as=script; crossorigin`);

  // The next load runs the new release from its new origin, with no violation of the policy.
  await expectVersion(stablePage, '1.1.0', 'stable');
  const entries = await stablePage.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(entries).toContain(`${otherOrigin}/1.1.0/remoteEntry.js`);
});

test('a tampered chunk is named by status and refused by the CLI', async () => {
  // 1.1.0 is live; the chunk of its routes is changed where it is served, with its precompressed files.
  const folder = path.join(stack.deployRoot, 'mf-points', '1.1.0');
  const chunk = path.join(
    folder,
    readdirSync(folder).find((file) => /^__federation_expose_routes\.[0-9a-f]+\.js$/.test(file))!,
  );
  appendFileSync(chunk, '\nwindow.__tamperedChunkRan = true;\n');
  const tampered = readFileSync(chunk);
  if (existsSync(`${chunk}.br`)) writeFileSync(`${chunk}.br`, zlib.brotliCompressSync(tampered));
  if (existsSync(`${chunk}.gz`)) writeFileSync(`${chunk}.gz`, zlib.gzipSync(tampered));

  // The CLI says which version and which file, and refuses to put it live again.
  const status = await stack.release('status');
  expect(status.status).toBe(1);
  expect(status.output).toMatch(/mf-points 1\.1\.0 \(stable\) does not match what was published/);
  expect(status.output).toContain(`${path.basename(chunk)} was changed after publishing`);
  const pin = await stack.release(
    'pin',
    'mf-points',
    '1.1.0',
    '--base-url',
    `https://127.0.0.1:${STACK_PORTS.MF_POINTS_PORT}`,
  );
  expect(pin.status).not.toBe(0);
  expect(pin.output).toContain(`${path.basename(chunk)} was changed after publishing`);
});

test('a tampered chunk is refused by browsers: the area falls back, its code never runs', async ({
  browser,
  cspViolations,
}) => {
  // A member with nothing cached: the entry is intact and carries the chunk's published SHA-384;
  // the chunk served differs, and the browser refuses to run it.
  const page = await memberPage(browser, outOfCanary, cspViolations, { expectRendered: false });
  // Where the integrity is checked: by the page when it fetches the chunk itself (the browser names
  // the digest), or by the service worker (decision 068), whose fetch carries the script's
  // `integrity` and fails, so the page sees the load fail (`net::ERR_FAILED`) with no digest named.
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().includes("valid digest in the 'integrity' attribute")) refusals.push(message.text());
    else if (message.text().includes('net::ERR_FAILED')) refusals.push(message.location().url);
  });
  await page.goto(`${SHELL}/dashboard`);
  await expect(page.getByText('This part of the page could not be loaded.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /retry/i })).toBeVisible();
  const refused = refusals.join('\n').match(/https:\S+__federation_expose_routes\.[0-9a-f]+\.js/);
  expect(refused, refusals.join('\n')).not.toBeNull();
  // The file is there and served whole: it failed its integrity, it was not missing.
  expect((await page.request.get(refused![0])).status()).toBe(200);
  expect(await page.evaluate(() => (window as { __tamperedChunkRan?: boolean }).__tamperedChunkRan)).toBeUndefined();
  // The rest of the portal works: the shell's frame, its menus, another remote's page.
  await expectAccountMenu(page);
  await page.goto(`${SHELL}/dashboard/user/account`);
  await expect(page.locator('[data-remote="mf_profile"]').getByRole('heading', { level: 1 })).toBeVisible();
  await page.context().close();
});
