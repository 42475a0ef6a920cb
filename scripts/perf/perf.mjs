// `npm run perf`: builds production, serves it as `npm run preview` does, and measures the two pages
// members land on — `/auth/login` and `/dashboard` (signed in) — in the system Chromium: JavaScript
// bytes before the page is usable (in gzip, the budgets' unit, and as sent: Brotli), requests on
// that path, LCP, CLS, total blocking time, and Lighthouse runs (mobile preset) with their
// performance and accessibility scores.
// Prints a table, writes perf/report.json and replaces the tables it measured in docs/performance.md
// (performance-doc.mjs). A benchmark, not a test: dated runs go by hand to docs/performance-log.md.
//
//   npm run perf                         build, then measure (3 runs each, medians)
//   npm run perf -- --no-build           measure the builds already in */dist
//   npm run perf -- --runs 5 --no-lighthouse
//   npm run perf -- --lighthouse-runs 5   Lighthouse's score moves by several points from run to
//                                        run: each figure is the median of its runs (3 by default)
//   npm run perf -- --baseline main      also build another commit (in a temporary folder), serve
//                                        it beside this tree (its ports 100 up) and measure the two
//                                        in turn, load by load, so the machine's drift falls on both
//   npm run perf -- --slow-phone-only    only the slow-phone benchmark (4× CPU, 1.6 Mbps, 150 ms
//                                        RTT: first paint and its frame, the sign-in form, the
//                                        dashboard's balance; then the return: the dashboard
//                                        again with the cache on, the card page offline;
//                                        return-visit.mjs), filmstrips in perf/filmstrips/
//   npm run perf -- --baseline-port-offset 5
//                                        the baseline's ports this far above this tree's (100)
//   npm run perf -- --compare-single-bundle
//                                        also build the portal as one bundle (SINGLE_BUNDLE=1) and
//                                        print the federation overhead side by side
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { ensureChromium, CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { measurePageLoad, medianOf } from './page-metrics.mjs';
import { runLighthouse } from './lighthouse-run.mjs';
import { SLOW_PHONE, measureSlowPhoneLoad, writeFilmstrip } from './slow-phone.mjs';
import { RETURN_VISITS, openReturningTab, summarizeVisits, timeReturnVisit } from './return-visit.mjs';
import { prepareBaseline } from './baseline-build.mjs';
import { comparePairs, describePairs } from './paired-runs.mjs';
import { answersOk, waitUntil } from '../lib/wait-until.mjs';
import { describeCommit, writePerformanceDoc } from './performance-doc.mjs';

const require = createRequire(import.meta.url);
const apps = require('../lib/apps.cjs');
const { LOCAL_TLS, ensureLocalCertificate, chromiumTrustArgs, fetchFromEdge } = require('../lib/local-tls.cjs');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const { values: options } = parseArgs({
  options: {
    build: { type: 'boolean', default: true },
    'no-build': { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: true },
    'no-lighthouse': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'compare-single-bundle': { type: 'boolean', default: false },
    'slow-phone-runs': { type: 'string', default: '3' },
    'no-slow-phone': { type: 'boolean', default: false },
    'slow-phone-only': { type: 'boolean', default: false },
    baseline: { type: 'string' },
    'baseline-port-offset': { type: 'string', default: '100' },
  },
});
const runs = Math.max(1, Number(options.runs));
const lighthouseRuns = Math.max(1, Number(options['lighthouse-runs']));
const slowPhoneOnly = options['slow-phone-only'];
const withLighthouse = options.lighthouse && !options['no-lighthouse'] && !slowPhoneOnly;
const slowPhoneRuns = options['no-slow-phone'] ? 0 : Math.max(1, Number(options['slow-phone-runs']));

const DEMO_MEMBER = { email: 'member@example.com', password: 'Demo@1234', fullName: 'Demo Member' };

const PAGES = [
  {
    name: 'login',
    path: '/auth/login',
    signedIn: false,
    untilUsable: async (page) => {
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible', timeout: 60_000 });
    },
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    signedIn: true,
    untilUsable: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible', timeout: 60_000 });
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 60_000 });
    },
  },
];

/**
 * The slow phone's pages, each to what a member waits for: the sign-in form (its submit button,
 * not the skeleton's shape of it), the dashboard's balance (a figure). The first paint is timed on
 * every page.
 */
const SLOW_PHONE_PAGES = [
  {
    name: 'login',
    path: '/auth/login',
    signedIn: false,
    milestones: [{ name: 'form', selector: 'main form button[type=submit]' }],
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    signedIn: true,
    milestones: [{ name: 'balance', selector: '[data-testid="balance-pointBalance"]', text: '\\d' }],
  },
];

function build(env = {}) {
  const result = spawnSync(process.execPath, ['scripts/run/build.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The baseline's servers listen this far above this tree's ports, so that both stacks run at once
 * and their loads can be taken in turn (`measureBuilds`); another offset where those ports are
 * taken.
 */
const BASELINE_PORT_OFFSET = Number(options['baseline-port-offset']);

/**
 * `npm run preview` of the build in `root` on a fresh copy of the mock API's data, `portOffset`
 * ports up, until its `/config.json` answers; then the demo member signed in on it. The stack's
 * shell origin, its session, and how to stop it.
 */
async function startStack({ label, root, portOffset }) {
  // A baseline from before the edge served TLS (it has no local-tls module) is served over plain HTTP.
  const overTls = existsSync(path.join(root, 'scripts', 'lib', 'local-tls.cjs'));
  const shellOrigin = (overTls ? apps.edgeOriginAt : apps.originAt)(apps.ports.shell + portOffset);
  // Another tree's edge serves this tree's certificate, the one the browsers here accept.
  if (overTls && root !== repoRoot) {
    cpSync(path.dirname(LOCAL_TLS.certificate), path.join(root, 'edge', 'local-tls'), { recursive: true });
  }
  const apiOrigin = apps.originAt(apps.ports.api + portOffset);
  const child = spawn(process.execPath, ['scripts/run/preview.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      ...apps.portsEnvironment(portOffset),
      MOCK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'loyalty-perf-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => child.kill();
  try {
    await waitUntil(answersOk(`${shellOrigin}/config.json`, fetchFromEdge), {
      what: `The preview servers of ${label}`,
      timeoutMs: 90_000,
      child,
      intervalMs: 500,
    });
    return { label, shellOrigin, session: await signInDemoMember(apiOrigin), stop };
  } catch (error) {
    stop();
    throw error;
  }
}

async function signInDemoMember(apiOrigin) {
  const reply = await fetch(`${apiOrigin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password }),
  });
  if (!reply.ok) throw new Error(`the demo member could not sign in: ${reply.status} ${await reply.text()}`);
  const { token } = await reply.json();
  return { accessToken: token, email: DEMO_MEMBER.email, fullName: DEMO_MEMBER.fullName };
}

/** A page's set-up on `stack`: a signed-in page gets the stack's session in its tab first. */
const signedInAs = (stack, target) =>
  target.signedIn
    ? (context) =>
        context.addInitScript((entries) => {
          for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
        }, stack.session)
    : undefined;

/**
 * `count` rounds of `measure(stack)` over every stack, the stacks in turn within each round, so
 * that a change in the machine's speed during the run falls on every build alike (this 2-core host
 * moves by tens of percent within minutes). Each stack's results, in order.
 */
async function inTurn(stacks, count, measure) {
  const taken = new Map(stacks.map((stack) => [stack, []]));
  for (let round = 0; round < count; round += 1) {
    for (const stack of stacks) taken.get(stack).push(await measure(stack));
  }
  return taken;
}

/** One page's Lighthouse runs of one build: medians, the spread, and each run. */
function lighthouseSummary(audits) {
  // Each run's blocking tasks stay with their run (below): a median of lists means nothing.
  const { blockingTasks: _eachRunsOwn, ...medians } = medianOf(audits);
  return {
    ...medians,
    failedAccessibilityAudits: [...new Set(audits.flatMap((a) => a.failedAccessibilityAudits))],
    // The spread, since a single score says little.
    performanceRange: [Math.min(...audits.map((a) => a.performance)), Math.max(...audits.map((a) => a.performance))],
    // Each run, in the order run: the score moves with when the browser presented its first
    // paint (browserFcpMs), which a median hides.
    runs: audits.map(({ failedAccessibilityAudits: _listedAbove, ...run }) => run),
  };
}

/**
 * Every page of every build: `runs` loads, `lighthouseRuns` Lighthouse runs and `slowPhoneRuns`
 * slow-phone loads each, the builds served side by side and measured in turn. Results by label.
 */
async function measureBuilds(builds, chromiumPath) {
  const stacks = [];
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS, ...chromiumTrustArgs()],
  });
  try {
    for (const build of builds) stacks.push(await startStack(build));
    const results = Object.fromEntries(stacks.map((stack) => [stack.label, {}]));
    const url = (stack, target) => `${stack.shellOrigin}${target.path}`;
    for (const target of slowPhoneOnly ? [] : PAGES) {
      const loads = await inTurn(stacks, runs, (stack) =>
        measurePageLoad(browser, {
          url: url(stack, target),
          untilUsable: target.untilUsable,
          prepare: signedInAs(stack, target),
        }),
      );
      for (const stack of stacks) results[stack.label][target.name] = medianOf(loads.get(stack));
      if (withLighthouse) {
        const audits = await inTurn(stacks, lighthouseRuns, (stack) =>
          runLighthouse({
            url: url(stack, target),
            chromiumPath,
            sessionStorage: target.signedIn ? stack.session : null,
          }),
        );
        for (const stack of stacks) results[stack.label][target.name].lighthouse = lighthouseSummary(audits.get(stack));
      }
      console.log(`  ${target.name}: measured (${stacks.map((stack) => stack.label).join(', ')})`);
    }
    for (const target of slowPhoneRuns ? SLOW_PHONE_PAGES : []) {
      const loads = await inTurn(stacks, slowPhoneRuns, (stack) =>
        measureSlowPhoneLoad(browser, {
          url: url(stack, target),
          milestones: target.milestones,
          prepare: signedInAs(stack, target),
        }),
      );
      for (const stack of stacks) {
        results[stack.label][target.name] ??= {};
        results[stack.label][target.name].slowPhone = await slowPhoneSummary(
          browser,
          stack.label,
          target,
          loads.get(stack),
        );
      }
      console.log(`  ${target.name}: measured on the slow phone (${stacks.map((stack) => stack.label).join(', ')})`);
    }
    // The cold loads' figures are written even when the return cannot be measured.
    if (slowPhoneRuns) {
      await measureReturn(browser, stacks, results).catch((error) =>
        console.error(`  the return could not be measured: ${error.message}`),
      );
    }
    return results;
  } finally {
    await browser.close();
    for (const stack of stacks) stack.stop();
  }
}

/** One build's slow-phone loads of one page: medians, and the median load's filmstrip. */
async function slowPhoneSummary(browser, label, target, loads) {
  const last = `${target.milestones.at(-1).name}Ms`;
  const median = [...loads].sort((a, b) => a[last] - b[last])[Math.floor((loads.length - 1) / 2)];
  const file = path.join('perf', 'filmstrips', `${label.replace(/\W+/g, '-')}-${target.name}.png`);
  mkdirSync(path.join(repoRoot, 'perf', 'filmstrips'), { recursive: true });
  await writeFilmstrip(browser, {
    title: `${label}, ${target.path} on a slow phone (4× CPU, ${SLOW_PHONE.downloadMbps} Mbps, ${SLOW_PHONE.rttMs} ms RTT), the median of ${loads.length} loads by ${last}`,
    frames: median.frames,
    marks: [
      { name: 'first paint', atMs: median.firstPaintMs },
      ...target.milestones.map(({ name }) => ({ name, atMs: median[`${name}Ms`] })),
    ],
    untilMs: median[last],
    file: path.join(repoRoot, file),
  });
  const { frames: _pictures, ...figures } = medianOf(loads.map(({ frames: _f, ...rest }) => rest));
  return {
    ...figures,
    // Every load's first paint showed the frame, or not.
    frameAtFirstPaint: loads.every((load) => load.frameAtFirstPaint),
    shapeAtFirstPaint: loads.every((load) => load.shapeAtFirstPaint),
    each: loads.map(({ firstPaintMs, frameAtFirstPaint, [last]: reached }) => ({
      firstPaintMs,
      frameAtFirstPaint,
      [last]: reached,
    })),
    filmstrip: file,
  };
}

/**
 * The return on the slow phone (return-visit.mjs): a returning tab per build, then `slowPhoneRuns`
 * visits of each kind, the builds in turn. Written to each build's `results.return`.
 */
async function measureReturn(browser, stacks, results) {
  const tabs = new Map();
  try {
    for (const stack of stacks) {
      tabs.set(
        stack,
        await openReturningTab(browser, { origin: stack.shellOrigin, prepare: signedInAs(stack, { signedIn: true }) }),
      );
    }
    for (const visit of RETURN_VISITS) {
      const visits = await inTurn(stacks, slowPhoneRuns, (stack) =>
        timeReturnVisit(tabs.get(stack), stack.shellOrigin, visit),
      );
      for (const stack of stacks) {
        const last = `${visit.until}Ms`;
        const others = visit.milestones.filter(({ name }) => name !== visit.until).map(({ name }) => `${name}Ms`);
        const { summary, medianVisit } = summarizeVisits(visits.get(stack), last, others);
        if (medianVisit) {
          summary.filmstrip = path.join(
            'perf',
            'filmstrips',
            `${stack.label.replace(/\W+/g, '-')}-return-${visit.name}.png`,
          );
          await writeFilmstrip(browser, {
            title: `${stack.label}, ${visit.path} ${visit.offline ? 'offline' : 'again, cache on'} on a slow phone (4× CPU, ${SLOW_PHONE.downloadMbps} Mbps, ${SLOW_PHONE.rttMs} ms RTT), the median of ${summary.visits} visits by ${last}`,
            frames: medianVisit.frames,
            marks: [
              { name: 'first paint', atMs: medianVisit.firstPaintMs },
              ...visit.milestones.map(({ name }) => ({ name, atMs: medianVisit[`${name}Ms`] })),
            ],
            untilMs: medianVisit[`${visit.milestones.at(-1).name}Ms`],
            file: path.join(repoRoot, summary.filmstrip),
          });
        }
        results[stack.label].return ??= { worker: tabs.get(stack).worker };
        results[stack.label].return[visit.name] = summary;
      }
      console.log(`  return, ${visit.name}: measured (${stacks.map((stack) => stack.label).join(', ')})`);
    }
  } finally {
    for (const tab of tabs.values()) await tab.context.close();
  }
}

/** The slow phone's figures of every build measured, one row per page and build. */
function printSlowPhone(builds) {
  const rows = [];
  for (const [build, results] of Object.entries(builds)) {
    for (const [page, r] of Object.entries(results)) {
      if (!r.slowPhone) continue;
      const { firstPaintMs, frameAtFirstPaint, shapeAtFirstPaint, formMs, balanceMs, filmstrip } = r.slowPhone;
      rows.push({
        build,
        page,
        'first paint ms': firstPaintMs,
        'frame at first paint': frameAtFirstPaint ? 'yes' : 'no',
        "page's shape at first paint": shapeAtFirstPaint ? 'yes' : 'no',
        'form ms': formMs ?? '–',
        'balance ms': balanceMs ?? '–',
        filmstrip,
      });
    }
  }
  if (!rows.length) return;
  console.log(
    `\nSlow phone (4× CPU, ${SLOW_PHONE.downloadMbps} Mbps down, ${SLOW_PHONE.uploadMbps} Mbps up, ${SLOW_PHONE.rttMs} ms RTT, 375×812), medians of ${slowPhoneRuns} loads`,
  );
  console.table(rows);
  const returns = [];
  for (const [build, results] of Object.entries(builds)) {
    const visits = results.return;
    if (!visits) continue;
    for (const visit of RETURN_VISITS) {
      const figures = visits[visit.name];
      const reached = figures[`${visit.until}Ms`];
      const also = visit.milestones
        .filter(({ name }) => name !== visit.until && typeof figures[`${name}Ms`] === 'number')
        .map(({ name }) => `, ${name} ${figures[`${name}Ms`]}`)
        .join('');
      returns.push({
        build,
        worker: visits.worker ? 'yes' : 'no',
        visit: `${visit.path}${visit.offline ? ' offline' : ' again'}`,
        'first paint ms': figures.firstPaintMs ?? '–',
        'on screen ms': typeof reached === 'number' ? `${visit.until} ${reached}${also}` : 'no page',
        each: figures.each.map((each) => each ?? 'no page').join(' '),
        filmstrip: figures.filmstrip ?? '–',
      });
    }
  }
  if (returns.length) {
    console.log(
      `\nThe return on the slow phone, the same tab after one warm visit, medians of ${slowPhoneRuns} visits`,
    );
    console.table(returns);
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(title, results) {
  if (slowPhoneOnly) return;
  // A page's cold loads; the return (`results.return`) has a table of its own.
  const pages = Object.entries(results).filter(([, r]) => typeof r.jsBytes === 'number');
  const rows = pages.map(([name, r]) => ({
    page: name,
    'JS gzip': kb(r.jsBytes),
    'JS sent': kb(r.jsSentBytes),
    'JS files': r.jsRequests,
    requests: r.requests,
    'FCP ms': r.fcpMs,
    'LCP ms': r.lcpMs,
    CLS: r.cls,
    'TBT ms': r.tbtMs,
    'LH perf': r.lighthouse ? `${r.lighthouse.performance} (${r.lighthouse.performanceRange.join('–')})` : '–',
    'LH a11y': r.lighthouse?.accessibility ?? '–',
    'LH LCP ms': r.lighthouse?.lcpMs ?? '–',
    'LH browser FCP ms': r.lighthouse ? r.lighthouse.runs.map((run) => run.browserFcpMs ?? '–').join(' ') : '–',
  }));
  console.log(`\n${title}`);
  console.table(rows);
  for (const [name, r] of pages) {
    if (!r.lighthouse) continue;
    const eachRun = r.lighthouse.runs.map(
      (run) => `${run.performance} (TBT ${run.tbtMs}, host ${run.hostBenchmarkIndex})`,
    );
    console.log(
      `\n${name}: each Lighthouse run, perf (TBT ms, Lighthouse's CPU benchmark of the host): ${eachRun.join(', ')}`,
    );
    const byTbt = [...r.lighthouse.runs].sort((a, b) => a.tbtMs - b.tbtMs);
    const run = byTbt[Math.floor((byTbt.length - 1) / 2)];
    console.log(
      `\n${name}: what Lighthouse's TBT of ${run.tbtMs} ms is made of (the run with the median TBT), largest first`,
    );
    console.log('  counted ms  unthrottled ms at ms  task');
    for (const task of run.blockingTasks.slice(0, 6)) {
      const unthrottled = `${task.observedMs} at ${task.observedAtMs}`;
      console.log(`  ${String(task.countedMs).padStart(10)}  ${unthrottled.padStart(17)}  ${task.task}`);
    }
  }
}

const chromiumPath = ensureChromium();
await ensureLocalCertificate();
if (options.build && !options['no-build']) build();
const baseline = options.baseline ? prepareBaseline(repoRoot, options.baseline) : null;
const builds = [
  { label: 'federated', root: repoRoot, portOffset: 0 },
  ...(baseline ? [{ label: options.baseline, root: baseline.root, portOffset: BASELINE_PORT_OFFSET }] : []),
];
// When the measuring starts: the report is written after every build has been measured.
const measuredAt = new Date().toISOString();
// The commit as it was before the run, whose filmstrips change tracked files.
const measuredCommit = describeCommit(repoRoot);
const measured = await measureBuilds(builds, chromiumPath);
const inTurnNote = baseline ? `; this tree and ${options.baseline} served side by side, measured in turn` : '';
const report = {
  measuredAt,
  how:
    (slowPhoneOnly
      ? `${slowPhoneRuns} loads per page in ${chromiumPath} (headless, 375×812 mobile viewport, CPU slowed 4×, ${SLOW_PHONE.downloadMbps} Mbps, ${SLOW_PHONE.rttMs} ms RTT, cache disabled), medians`
      : `${runs} loads per page in ${chromiumPath} (headless, 412×823 mobile viewport, CPU slowed 4×, no network throttling, cache disabled), medians; Lighthouse ${withLighthouse ? `mobile preset (simulated slow 4G, 4× CPU), median of ${lighthouseRuns} runs` : 'not run'}`) +
    inTurnNote,
  federated: measured.federated,
};
printTable('Federated build (shell + three remotes)', report.federated);

if (baseline) {
  report.baseline = { ref: options.baseline, commit: baseline.commit, results: measured[options.baseline] };
  printTable(`${options.baseline} (${baseline.commit.slice(0, 12)})`, report.baseline.results);
  // The Lighthouse runs were taken in turn: compare them pair by pair (paired-runs.mjs).
  report.baseline.pairs = {};
  for (const [page, results] of Object.entries(report.federated)) {
    const theirs = report.baseline.results[page]?.lighthouse;
    if (!results.lighthouse || !theirs) continue;
    report.baseline.pairs[page] = comparePairs(results.lighthouse.runs, theirs.runs);
    console.log(`\n${page}, this tree against ${options.baseline}, Lighthouse run by run in turn:`);
    for (const line of describePairs(report.baseline.pairs[page])) console.log(`  ${line}`);
  }
}
// The repeat visits were taken in turn too: compared pair by pair, where both builds showed a page.
const theirReturn = report.baseline?.results.return;
for (const visit of theirReturn ? RETURN_VISITS : []) {
  const last = `${visit.until}Ms`;
  const figures = (build) => build.return?.[visit.name]?.each.map((each) => ({ [last]: each })) ?? [];
  const ours = figures(report.federated);
  const theirs = figures(report.baseline.results);
  if (![...ours, ...theirs].every((each) => typeof each[last] === 'number')) continue;
  const compared = [{ key: last, label: `${visit.until} ms`, better: 'lower' }];
  report.baseline.pairs[`return-${visit.name}`] = comparePairs(ours, theirs, compared);
  console.log(
    `\nThe return, ${visit.path}${visit.offline ? ' offline' : ' again'}, this tree against ${options.baseline}, visit by visit in turn:`,
  );
  for (const line of describePairs(report.baseline.pairs[`return-${visit.name}`], compared)) console.log(`  ${line}`);
}
if (slowPhoneRuns) {
  printSlowPhone({
    'this tree': report.federated,
    ...(report.baseline ? { [options.baseline]: report.baseline.results } : {}),
  });
  report.slowPhone = { ...SLOW_PHONE, runs: slowPhoneRuns, viewport: '375×812' };
  report.returnVisits = RETURN_VISITS.map(({ name, path: visited, offline, until, milestones }) => ({
    name,
    path: visited,
    offline,
    until,
    also: milestones.map((milestone) => milestone.name).filter((other) => other !== until),
  }));
}

if (options['compare-single-bundle']) {
  build({ SINGLE_BUNDLE: '1' });
  report.singleBundle = (
    await measureBuilds([{ label: 'single bundle', root: repoRoot, portOffset: 0 }], chromiumPath)
  )['single bundle'];
  printTable('Single bundle (SINGLE_BUNDLE=1, no federation)', report.singleBundle);
  // Put the federated build back, so `dist` is what `npm run preview` and the e2e suite expect.
  build();
}

mkdirSync(path.join(repoRoot, 'perf'), { recursive: true });
writeFileSync(path.join(repoRoot, 'perf', 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nWritten perf/report.json (${report.how}).`);
// What this run measured replaces the same tables of docs/performance.md; the others stay.
const written = writePerformanceDoc(repoRoot, report, {
  command: ['npm run perf', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
  commit: measuredCommit,
  runs,
  lighthouseRuns,
});
console.log(`Replaced in docs/performance.md: ${written.join(', ') || 'nothing'}.`);
