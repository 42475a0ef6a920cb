import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import apps from '../../../scripts/lib/apps.cjs';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { memberAddress, type MemberAddress } from '../support/member-address';
import { signIn } from '../support/sign-in';
import {
  ReleaseStack,
  addressesBySide,
  mfPointsBuild,
  registerMember,
  sameBuildAs,
  waitForCohort,
  type StackMember,
} from './release-stack';

/**
 * Automatic canaries, judged by what members experience: members' browsers report to the
 * receiver of the suite's preview, a real Prometheus scrapes it every second, and the release CLI
 * walks the canary's steps reading Prometheus (release/src/canary-walk.ts). The analysis is
 * e2e/tests/release/canary-analysis.json: small samples and short readings, the shipped confidence.
 * The receiver runs at its shipped limits, and each member reaches the portal from an address of
 * its own (support/member-address.ts), as members do.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const stack = new ReleaseStack({ sharedApi: true, site: 'canary' });
const SHELL = stack.site.shell;
const ANALYSIS = path.join(__dirname, 'canary-analysis.json');
const host = process.env.APP_HOST || 'localhost';
let prometheus: { url: string; stop(): void };

const pointsArea = (page: Page) => page.locator('[data-remote="mf_points"]');
const pointsRendered = (page: Page) => pointsArea(page).getByRole('heading', { name: 'Dashboard', level: 1 });
const fallback = (page: Page) => page.getByText('This part of the page could not be loaded.');

/**
 * Members on each side of a 50 % canary: three, each at home on a network of their own, whose
 * cohort the receiver chose (decision 060).
 */
const PER_SIDE = 3;
const SIDES = addressesBySide('mf_points', 50, PER_SIDE, 20);
const inCanary: Array<{ member: StackMember; address: string }> = [];
const outOfCanary: Array<{ member: StackMember; address: string }> = [];
const addresses: MemberAddress[] = [];
let canaryPages: Page[];
let stablePages: Page[];
const everyPage = () => [...canaryPages, ...stablePages];

test.beforeAll(async ({ request }) => {
  test.setTimeout(900_000);
  mfPointsBuild('1.0.0');
  mfPointsBuild('1.1.0');
  mfPointsBuild('1.2.0', { faulty: true });
  await stack.start();
  prometheus = await startStackPrometheus();
  for (const address of SIDES.inCanary)
    inCanary.push({ member: await registerMember(request, 'canary', stack.api), address });
  for (const address of SIDES.outOfCanary)
    outOfCanary.push({ member: await registerMember(request, 'canary', stack.api), address });
});

test.afterAll(async () => {
  prometheus?.stop();
  await Promise.all(addresses.map((address) => address.close()));
  await stack.stop();
});

/** Prometheus scraping the suite's receiver every second. */
async function startStackPrometheus() {
  const { startPrometheus } = await import('../../../scripts/lib/prometheus.mjs');
  return startPrometheus({
    host,
    port: apps.ports.prometheus,
    targets: [`${host}:${apps.ports.telemetry}`],
    scrapeInterval: '1s',
  });
}

/**
 * A member signed in in their own browser context, from their network's address; from the next
 * load on, the cohort the receiver chose for it applies.
 */
async function memberPage(browser: Browser, { member, address }: { member: StackMember; address: string }) {
  const network = await memberAddress(address);
  addresses.push(network);
  const context = await network.newContext(browser);
  const page = await context.newPage();
  await page.goto(`${SHELL}/auth/login`);
  await signIn(page, member.email, member.password);
  await waitForCohort(context);
  return page;
}

/**
 * One page load as a member makes it: the dashboard or its fallback, a click on the page (an
 * interaction, for INP), and the reporter fetched once the page is quiet. The reports leave as
 * the page goes away (the next load) or a few seconds after.
 */
async function visit(page: Page): Promise<'rendered' | 'fallback'> {
  const reporter = page.waitForResponse(/\/reporter\.[0-9a-f]+\.js$/, { timeout: 30_000 });
  await page.goto(`${SHELL}/dashboard`);
  const shown = await Promise.race([
    pointsRendered(page)
      .waitFor({ timeout: 30_000 })
      .then(() => 'rendered' as const),
    fallback(page)
      .waitFor({ timeout: 30_000 })
      .then(() => 'fallback' as const),
  ]);
  await (shown === 'rendered' ? pointsRendered(page) : fallback(page)).click();
  await reporter;
  return shown;
}

/** Members keep loading the dashboard until `walk` has decided (bounded in time). */
async function whileWalking<T>(
  walk: Promise<T>,
  pages: Page[],
  limitMs: number,
): Promise<{ result: T; shown: string[] }> {
  let decided = false;
  const shown: string[] = [];
  const deadline = Date.now() + limitMs;
  const result = walk.finally(() => (decided = true));
  await Promise.all(
    pages.map(async (page) => {
      while (!decided && Date.now() < deadline) shown.push(await visit(page));
    }),
  );
  return { result: await result, shown };
}

async function expectVersion(page: Page, version: string, channel: string) {
  await page.goto(`${SHELL}/dashboard`);
  await expect(pointsArea(page)).toHaveAttribute('data-remote-version', version);
  await expect(pointsArea(page)).toHaveAttribute('data-remote-channel', channel);
}

interface AuditLine {
  action: string;
  to: unknown;
  analysis?: {
    verdict: string;
    decision: string;
    windowSeconds: number;
    source: string;
    checks: Array<{ check: string; verdict: string; canary: number | null; sample: { canary: number } }>;
  };
}
const auditOf = (output: string) => JSON.parse(output) as AuditLine[];

/** A reading that waits for more evidence: no decision. */
const isWait = (line: AuditLine) => line.action === 'analysis' && line.to === 'wait';

/**
 * The audit lines of the walk just made: those since the last publish (each walk here publishes
 * its version first). A reading that waits for more evidence is no decision: on a busy machine a
 * step may see fewer page loads in its first window and wait once. The decisions themselves are
 * fixed, and `decisions` reads them as `<action> <to>`.
 */
async function lastWalk() {
  const audit = auditOf(await stack.releaseOk('history', 'mf-points', '--json'));
  const lines = audit.slice(audit.findLastIndex((line) => line.action === 'publish') + 1);
  const walked = lines.filter((line) => !isWait(line));
  return {
    walked,
    decisions: walked.map((line) => `${line.action} ${JSON.stringify(line.to)}`),
    waits: lines.filter(isWait).length,
  };
}

/** What a walk of steps 50 and 100 that passes each decides, read as `lastWalk` reads it. */
const promotedThroughEveryStep = (stable: string, canary: string) => [
  `canary {"stable":"${stable}","canary":"${canary}","percent":50}`,
  'analysis "next step"',
  `canary {"stable":"${stable}","canary":"${canary}","percent":100}`,
  'analysis "promote"',
  `promote {"stable":"${canary}"}`,
];

/** The stable version of mf-points the canary site serves. */
const stableNow = () => (stack.deployedManifest()!.remotes.mf_points as { stable: { version: string } }).stable.version;

test('a canary that throws on render for a share of loads is rolled back on the evidence, and members get stable again', async ({
  browser,
}) => {
  await stack.releaseOk('publish', 'mf-points', '--from', mfPointsBuild('1.0.0'));
  await stack.releaseOk('pin', 'mf-points', '1.0.0');
  await stack.releaseOk('publish', 'mf-points', '--from', mfPointsBuild('1.2.0', { faulty: true }));
  canaryPages = await Promise.all(inCanary.map((member) => memberPage(browser, member)));
  stablePages = await Promise.all(outOfCanary.map((member) => memberPage(browser, member)));

  test.setTimeout(420_000);
  // The first step lasts long enough for the evidence on a busy machine: its minimum sample may be
  // met with a pass before the failures are many, and a pass moves on only at the interval's end.
  // The walk rolls back as soon as the evidence is strong, so a long interval costs nothing here.
  const INTERVAL_S = 240;
  const walk = stack.releaseInBackground(
    ...['canary', 'mf-points', '1.2.0', '--steps', '50,100', '--interval', `${INTERVAL_S}s`],
    ...['--analysis', ANALYSIS, '--prometheus', prometheus.url],
  );
  const { result, shown } = await whileWalking(walk, everyPage(), 300_000);
  expect(result.output).toMatch(/Rolled back: every member gets mf-points 1\.0\.0 from their next page load\./);
  // The rollback, as each step, returned once the stack's edge served it: the next load is stable's.
  expect(result.output).toMatch(
    /from their next page load\.\n\s+The edge \S+ serves revision \d+ \(\d+ ms after the write\)\./,
  );
  // Rolled back has an exit code of its own, apart from the tool's failures (1).
  expect(result.status).toBe(5);
  // The canary did fail for members: some of their loads showed the area's fallback.
  expect(shown).toContain('fallback');

  const audit = auditOf(await stack.releaseOk('history', 'mf-points', '--json'));
  const rollback = audit.at(-1)!;
  expect(rollback).toMatchObject({ action: 'rollback-canary', to: { stable: '1.0.0' } });
  expect(rollback.analysis).toMatchObject({
    verdict: 'fail',
    decision: 'rollback',
    source: `Prometheus ${prometheus.url}`,
  });
  // Within its first step (issue: "rolled back within its first step"): 50 % of members, never all.
  const walked = audit.slice(audit.findLastIndex((line) => line.action === 'publish') + 1);
  expect(walked.filter((line) => line.action === 'canary').map((line) => line.to)).toEqual([
    { stable: '1.0.0', canary: '1.2.0', percent: 50 },
  ]);
  // How soon the statistics decide is measured in release/src/canary-analysis.test.ts.
  // Its errors, or its failed loads (an address adds at most three errors to a canary, and each
  // member here has one address), failed on evidence: the canary's rate well above stable's.
  const failed = rollback.analysis!.checks.filter(
    (check) => (check.check === 'errorRate' || check.check === 'failureRate') && check.verdict === 'fail',
  );
  expect(failed.length).toBeGreaterThan(0);
  for (const check of failed) {
    expect(check.canary).toBeGreaterThan(0.1);
    expect(check.sample.canary).toBeGreaterThanOrEqual(4);
  }
  // The history says it in words too, with the figures.
  expect(await stack.releaseOk('history', 'mf-points')).toMatch(
    /rollback-canary mf-points[^\n]*\n\s+fail after \d+ s:\n\s+error rate\s+canary/,
  );

  // Members on the next load get the stable version.
  await expectVersion(canaryPages[0]!, '1.0.0', 'stable');
  await expect(pointsRendered(canaryPages[0]!)).toBeVisible();
  await expectVersion(stablePages[0]!, '1.0.0', 'stable');
});

test('a healthy canary is walked through every step, each decision in the audit log, and promoted', async () => {
  await stack.releaseOk('publish', 'mf-points', '--from', mfPointsBuild('1.1.0'));
  const walk = stack.releaseInBackground(
    ...['canary', 'mf-points', '1.1.0', '--steps', '50,100', '--interval', '20s'],
    ...['--analysis', ANALYSIS, '--prometheus', prometheus.url],
  );
  const { result } = await whileWalking(walk, everyPage(), 240_000);
  expect(result.output).toMatch(/Promoted: mf-points 1\.1\.0 is the stable release\./);
  expect(result.status).toBe(0);
  // Each of the walk's writes (its two steps, its promotion) returned once the stack's edge served
  // it: each step's interval counted from then, not from the write.
  expect(result.output.match(/The edge \S+ serves revision \d+ \(\d+ ms after the write\)\./g)).toHaveLength(3);

  const { walked, decisions } = await lastWalk();
  expect(decisions).toEqual(promotedThroughEveryStep('1.0.0', '1.1.0'));
  for (const line of walked.filter((entry) => entry.action === 'analysis')) {
    expect(line.analysis!.verdict).toBe('pass');
    expect(line.analysis!.windowSeconds).toBeGreaterThanOrEqual(20);
    expect(line.analysis!.checks.map((check) => [check.check, check.verdict])).toEqual([
      ['errorRate', 'pass'],
      ['failureRate', 'pass'],
      ['lcpP75', 'pass'],
      ['inpP75', 'pass'],
    ]);
  }
  expect(await stack.releaseOk('status')).toMatch(/mf_points\s+stable 1\.1\.0\n?/);
  await expectVersion(canaryPages[0]!, '1.1.0', 'stable');
  await expectVersion(stablePages[0]!, '1.1.0', 'stable');
});

test('release health prints each version and channel with its figures, and JSON for machines', async () => {
  const table = await stack.releaseOk('health', 'mf-points', '--window', '10m', '--prometheus', prometheus.url);
  expect(table).toMatch(/^mf-points in e2e-canary, last 600 s \(Prometheus /);
  // A column per check of the shipped analysis file, each in its unit (CLS unitless), then whole samples.
  expect(table).toMatch(
    /version\s+channel\s+loads\s+error rate\s+failure rate\s+p75 LCP\s+p75 INP\s+p75 CLS\s+samples/,
  );
  expect(table).toMatch(/\n1\.0\.0\s+stable\s+\d+\s+.*\s0\.\d{3}\s+\d+(?:\/\d+){4}\n/);
  // The faulty canary's loads are in the window, with its errors.
  expect(table).toMatch(/\n1\.2\.0\s+canary\s+\d+\s+[1-9]\d*\.\d %/);
  const report = JSON.parse(await stack.releaseOk('health', 'mf-points', '--json', '--prometheus', prometheus.url)) as {
    releases: Array<{
      version: string;
      channel: string;
      loads: number;
      figures: Record<string, { value: number | null; unit: string }>;
    }>;
    canary: unknown;
  };
  const byRelease = Object.fromEntries(report.releases.map((row) => [`${row.version} ${row.channel}`, row]));
  expect(byRelease['1.2.0 canary']!.figures.errorRate).toMatchObject({ value: expect.any(Number), unit: 'share' });
  expect(byRelease['1.2.0 canary']!.figures.errorRate!.value).toBeGreaterThan(0.1);
  expect(byRelease['1.1.0 canary']!.figures.errorRate!.value).toBe(0);
  expect(byRelease['1.0.0 stable']!.loads).toBeGreaterThan(0);
  expect(report.canary).toBeNull();

  // Without Prometheus, the CLI reads the receiver's /metrics itself. It keeps the series of the
  // releases the manifest serves alone: the rolled-back and promoted canaries' went with them, and
  // members' loads since count for 1.1.0 as stable (a page's reports leave with its next load).
  const directReleases = async () => {
    const direct = JSON.parse(
      await stack.releaseOk('health', 'mf-points', '--json', '--metrics-url', `${apps.telemetryOrigin()}/metrics`),
    ) as { windowSeconds: number | null; releases: Array<{ version: string; channel: string }> };
    expect(direct.windowSeconds).toBeNull();
    return direct.releases.map((row) => `${row.version} ${row.channel}`);
  };
  await expect
    .poll(async () => (await visit(stablePages[0]!), await directReleases()), { timeout: 60_000 })
    .toContain('1.1.0 stable');
  expect(await directReleases()).not.toContain('1.2.0 canary');
  expect(await directReleases()).not.toContain('1.1.0 canary');
});

/**
 * Builds as good as stable, walked one after the other: 1.1.0's bytes (the stable the healthy walk
 * promoted) stamped with versions of their own, so each walk's stable is the one before, byte for
 * byte the same code.
 */
const TWINS = ['1.1.1', '1.1.2', '1.1.3', '1.1.4', '1.1.5'];
/**
 * Each twin's step interval, the shortest that gives the second step a reading of its own with every
 * member on the canary. Readings come every 5 s (checkEvery): a first step short of its minimum
 * samples at its interval's end waits and passes at a later reading (holdAfter leaves a minute
 * before a hold), so a longer interval would only delay its pass; the second step's samples count
 * from the walk's start, and it passes at its interval's end (decision 058, measured there).
 */
const TWIN_INTERVAL = '10s';

test('a byte-identical canary is promoted through every step, walk after walk, never rolled back nor held', async () => {
  // How rarely such builds are rolled back over many walks is measured by simulation
  // (release/src/canary-analysis.test.ts), where a walk costs no wall-clock time; here five walks
  // in real Chromium, at the receiver's shipped limits, each decided by a real Prometheus.
  test.setTimeout(TWINS.length * 180_000);
  for (const version of TWINS) {
    const stable = stableNow();
    await stack.releaseOk('publish', 'mf-points', '--from', sameBuildAs(version, mfPointsBuild('1.1.0')));
    const began = Date.now();
    const walk = stack.releaseInBackground(
      ...['canary', 'mf-points', version, '--steps', '50,100', '--interval', TWIN_INTERVAL],
      ...['--analysis', ANALYSIS, '--prometheus', prometheus.url],
    );
    const { result } = await whileWalking(walk, everyPage(), 150_000);
    expect(result.output, `walk of ${version}`).toContain(`Promoted: mf-points ${version} is the stable release.`);
    expect(result.status, `walk of ${version}`).toBe(0);
    const { walked, decisions, waits } = await lastWalk();
    // Neither rolled back nor held, at either step: every step passed.
    expect(walked.filter((line) => line.action === 'rollback-canary' || line.action === 'hold')).toEqual([]);
    expect(decisions, `walk of ${version}`).toEqual(promotedThroughEveryStep(stable, version));
    // How long each walk took, when its steps passed and how often it waited: the report's figures.
    const passedAt = walked.filter((line) => line.action === 'analysis').map((line) => line.analysis!.windowSeconds);
    test.info().annotations.push({
      type: 'walk',
      description: `${version} after ${stable}: promoted in ${Math.round((Date.now() - began) / 1000)} s, steps passed at ${passedAt.join(' and ')} s of the walk, ${waits} wait(s)`,
    });
  }
  expect(stableNow()).toBe(TWINS.at(-1));
  const audit = auditOf(await stack.releaseOk('history', 'mf-points', '--json'));
  expect(audit.filter((line) => line.action === 'promote')).toHaveLength(1 + TWINS.length);
  expect(audit.filter((line) => line.action === 'rollback-canary')).toHaveLength(1);
});

test('a canary walked while Prometheus is down is rolled back as the analysis says, with an audit line, never promoted', async () => {
  await stack.releaseOk('publish', 'mf-points', '--from', sameBuildAs('1.1.6', mfPointsBuild('1.1.0')));
  const walk = stack.releaseInBackground(
    ...['canary', 'mf-points', '1.1.6', '--steps', '50,100', '--interval', '60s'],
    ...['--analysis', ANALYSIS, '--prometheus', prometheus.url],
  );
  // Prometheus goes away once the canary is live (before it, the walk would change nothing).
  await expect
    .poll(async () => (await stack.releaseOk('status')).includes('canary 1.1.6'), { timeout: 30_000 })
    .toBe(true);
  prometheus.stop();
  try {
    const { result } = await whileWalking(walk, everyPage(), 120_000);
    expect(result.status).toBe(5);
    expect(result.output).toMatch(/Rolled back: the figures could not be read 3 times running\./);
    const last = auditOf(await stack.releaseOk('history', 'mf-points', '--json')).at(-1)!;
    expect(last).toMatchObject({ action: 'rollback-canary', to: { stable: TWINS.at(-1) } });
    expect(last.analysis).toMatchObject({ verdict: 'unavailable', decision: 'rollback' });
  } finally {
    // The journeys after this one read a Prometheus of their own again.
    prometheus = await startStackPrometheus();
  }
});

/** When each walk of `version` began, from its readings (manifests/readings.jsonl): one walk, one start. */
function walkStartsOf(version: string): Set<string> {
  const lines = readFileSync(path.join(stack.deployRoot, 'manifests', 'readings.jsonl'), 'utf8').split('\n');
  const readings = lines.filter(Boolean).map((line) => JSON.parse(line) as { version: string; walkStartedAt: string });
  return new Set(readings.filter((reading) => reading.version === version).map((reading) => reading.walkStartedAt));
}

test('a walk interrupted with Ctrl+C is resumed and finishes', async ({ browser }) => {
  test.setTimeout(600_000);
  // Run alone (`-g`), the journey makes what the ones above would have left it.
  if (!stack.deployedManifest()?.remotes.mf_points) {
    await stack.releaseOk('publish', 'mf-points', '--from', mfPointsBuild('1.1.0'));
    await stack.releaseOk('pin', 'mf-points', '1.1.0');
  }
  canaryPages ??= await Promise.all(inCanary.map((member) => memberPage(browser, member)));
  stablePages ??= await Promise.all(outOfCanary.map((member) => memberPage(browser, member)));
  await stack.releaseOk('publish', 'mf-points', '--from', sameBuildAs('1.3.0', mfPointsBuild('1.1.0')));
  const stable = stableNow();
  const first = stack.releaseProcess(
    ...['canary', 'mf-points', '1.3.0', '--steps', '50,100', '--interval', '20s'],
    ...['--analysis', ANALYSIS, '--prometheus', prometheus.url],
  );
  // Ctrl+C once the walk has read the figures once, its step on disk in its lease.
  const interrupted = await whileWalking(
    first.waitForOutput(/after \d+ s: /).then(async () => {
      await expect.poll(() => stack.walkOnDisk('mf-points')?.revision ?? null).not.toBeNull();
      first.signal('SIGINT');
      return first.result;
    }),
    everyPage(),
    120_000,
  );
  expect(interrupted.result.status, interrupted.result.output).toBe(4);
  expect(interrupted.result.output).toMatch(
    /Stopped at step 1\/2: mf-points 1\.3\.0 stays the canary for 50 % of members, unguarded\. Go on with: npm run release -- canary mf-points --resume/,
  );
  // The canary stays where it was, and status says the walk is orphaned.
  expect(stack.deployedManifest()!.remotes.mf_points).toMatchObject({ canary: { version: '1.3.0', percent: 50 } });
  expect(await stack.releaseOk('status')).toMatch(/\n\s+walk of 1\.3\.0 ORPHANED: step 1\/2 \(50 %\)/);

  const { result } = await whileWalking(
    stack.releaseInBackground('canary', 'mf-points', '--resume'),
    everyPage(),
    240_000,
  );
  expect(result.output).toMatch(/Resumed at step 1\/2: 50 % of members have had mf-points 1\.3\.0 since /);
  expect(result.output).toMatch(/Promoted: mf-points 1\.3\.0 is the stable release\./);
  expect(result.status).toBe(0);

  // One walk: step 1 written once, resumed, step 2, promoted; its readings share one start.
  const audit = auditOf(await stack.releaseOk('history', 'mf-points', '--json'));
  const walked = audit.slice(audit.findLastIndex((line) => line.action === 'publish') + 1);
  expect(
    walked
      .filter((line) => line.action !== 'analysis')
      .map((line) => (line.action === 'walk-resumed' ? line.action : `${line.action} ${JSON.stringify(line.to)}`)),
  ).toEqual([
    `canary {"stable":"${stable}","canary":"1.3.0","percent":50}`,
    'walk-resumed',
    `canary {"stable":"${stable}","canary":"1.3.0","percent":100}`,
    'promote {"stable":"1.3.0"}',
  ]);
  expect(walkStartsOf('1.3.0').size).toBe(1);
  expect(await stack.releaseOk('status')).not.toMatch(/walk of/);
  await expectVersion(canaryPages[0]!, '1.3.0', 'stable');
  await expectVersion(stablePages[0]!, '1.3.0', 'stable');
});

test('a second walk of the same remote is refused while one runs', async () => {
  await stack.releaseOk('publish', 'mf-points', '--from', sameBuildAs('1.3.1', mfPointsBuild('1.1.0')));
  const walkArgs = ['--analysis', ANALYSIS, '--prometheus', prometheus.url];
  const walk = ['canary', 'mf-points', '1.3.1', '--steps', '50,100', '--interval', '60s', ...walkArgs];
  const first = stack.releaseProcess(...walk);
  await first.waitForOutput(/Step 1\/2: 50 % of members get mf-points 1\.3\.1/);
  const revision = stack.deployedManifest()!.revision;

  const second = await stack.release(...walk);
  expect(second.status, second.output).toBe(6);
  expect(second.output).toMatch(
    /A walk of mf-points 1\.3\.1 in e2e-canary \(step 1\/2 \(50 %\)\) is running: e2e-release-manager on .+ \(pid \d+\) holds it since \S+, its lease until \S+\. Nothing changed; --take-over takes it over\./,
  );
  expect(stack.deployedManifest()!.revision).toBe(revision);
  expect(await stack.releaseOk('status')).toMatch(
    /\n\s+walk of 1\.3\.1: step 1\/2 \(50 %\) since \S+, walk begun \S+; e2e-release-manager on .+ lease until \S+/,
  );
  const report = JSON.parse(await stack.releaseOk('status', '--json')) as { walks: unknown[] };
  expect(report.walks).toEqual([expect.objectContaining({ remote: 'mf-points', state: 'walking', percent: 50 })]);

  // The first walk, stopped, then decided by hand: nothing of it is left.
  first.signal('SIGINT');
  expect((await first.result).status).toBe(4);
  await stack.releaseOk('rollback-canary', 'mf-points');
  expect(await stack.releaseOk('status')).not.toMatch(/walk of/);
});

test('the release page draws the walks just made, each with how it ended', async ({ page }) => {
  const out = path.join(stack.deployRoot, 'walks.html');
  const made = await stack.releaseOk('page', '--out', out);
  expect(made).toMatch(/Release page of e2e-canary: \d+ canary walk\(s\) in /);
  await page.goto(pathToFileURL(out).href);
  await expect(page.getByRole('heading', { level: 1, name: 'Canary walks: e2e-canary' })).toBeVisible();
  // The faulty canary, rolled back at its first step; the
  // healthy one and its byte-identical twins, promoted.
  await expect(
    page.getByRole('heading', { level: 3, name: /^mf-points 1\.2\.0: rolled back at 50 % after \d+ s/ }),
  ).toBeVisible();
  for (const version of ['1.1.0', ...TWINS, '1.3.0']) {
    await expect(
      page.getByRole('heading', {
        level: 3,
        name: new RegExp(`^mf-points ${version.replaceAll('.', '\\.')}: promoted after \\d+ s`),
      }),
    ).toBeVisible();
  }
  // The check that failed it, error rate or failed loads (as the rollback journey allows either).
  await expect(
    page.getByRole('img', { name: /^(?:error|failure) rate of mf-points 1\.2\.0 .*, fail\. First verdi/ }).first(),
  ).toBeVisible();
  await expectNoA11yViolations(page, 'the release page of the journeys’ walks');
});
