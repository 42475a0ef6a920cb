// `npm run perf`: builds production, serves it as `npm run preview` does, and measures the two pages
// members land on — `/auth/login` and `/dashboard` (signed in) — in the system Chromium: JavaScript
// bytes before the page is usable (in gzip, the budgets' unit, and as sent: Brotli), requests on
// that path, LCP, CLS, total blocking time, and Lighthouse runs (mobile preset) with their
// performance and accessibility scores.
// Prints a table and writes perf/report.json. A benchmark, not a test: the figures go in the README.
//
//   npm run perf                         build, then measure (3 runs each, medians)
//   npm run perf -- --no-build           measure the builds already in */dist
//   npm run perf -- --runs 5 --no-lighthouse
//   npm run perf -- --lighthouse-runs 5   Lighthouse's score moves by several points from run to
//                                        run: each figure is the median of its runs (3 by default)
//   npm run perf -- --compare-single-bundle
//                                        also build the portal as one bundle (SINGLE_BUNDLE=1) and
//                                        print the federation overhead side by side
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { ensureChromium, CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { measurePageLoad, medianOf } from './page-metrics.mjs';
import { runLighthouse } from './lighthouse-run.mjs';

const require = createRequire(import.meta.url);
const apps = require('../lib/apps.cjs');
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
  },
});
const runs = Math.max(1, Number(options.runs));
const lighthouseRuns = Math.max(1, Number(options['lighthouse-runs']));
const withLighthouse = options.lighthouse && !options['no-lighthouse'];

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

function build(env = {}) {
  const result = spawnSync(process.execPath, ['scripts/run/build.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** `npm run preview` on a fresh copy of the mock API's data, until `/config.json` answers. */
async function startPreview() {
  const child = spawn(process.execPath, ['scripts/run/preview.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, MOCK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'loyalty-perf-')) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const reply = await fetch(`${apps.origin('shell')}/config.json`);
      if (reply.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the preview servers did not start within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return child;
}

async function signInDemoMember() {
  const reply = await fetch(`${apps.apiOrigin()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password }),
  });
  if (!reply.ok) throw new Error(`the demo member could not sign in: ${reply.status} ${await reply.text()}`);
  const { token } = await reply.json();
  return { accessToken: token, email: DEMO_MEMBER.email, fullName: DEMO_MEMBER.fullName };
}

/** Every page of the build being measured, `runs` times each plus one Lighthouse run. */
async function measureBuild(label, chromiumPath) {
  const preview = await startPreview();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  const session = await signInDemoMember();
  const results = {};
  try {
    for (const target of PAGES) {
      const url = `${apps.origin('shell')}${target.path}`;
      const prepare = target.signedIn
        ? (context) =>
            context.addInitScript((entries) => {
              for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
            }, session)
        : undefined;
      const loads = [];
      for (let run = 0; run < runs; run += 1) {
        loads.push(await measurePageLoad(browser, { url, untilUsable: target.untilUsable, prepare }));
      }
      results[target.name] = medianOf(loads);
      if (withLighthouse) {
        const audits = [];
        for (let run = 0; run < lighthouseRuns; run += 1) {
          audits.push(await runLighthouse({ url, chromiumPath, sessionStorage: target.signedIn ? session : null }));
        }
        // Each run's blocking tasks stay with their run (below): a median of lists means nothing.
        const { blockingTasks: _eachRunsOwn, ...medians } = medianOf(audits);
        results[target.name].lighthouse = {
          ...medians,
          failedAccessibilityAudits: [...new Set(audits.flatMap((a) => a.failedAccessibilityAudits))],
          // The spread, since a single score says little.
          performanceRange: [
            Math.min(...audits.map((a) => a.performance)),
            Math.max(...audits.map((a) => a.performance)),
          ],
          // Each run, in the order run: the score moves with when the browser presented its first
          // paint (browserFcpMs), which a median hides.
          runs: audits.map(({ failedAccessibilityAudits: _listedAbove, ...run }) => run),
        };
      }
      console.log(`  ${label} ${target.name}: measured`);
    }
  } finally {
    await browser.close();
    preview.kill();
  }
  return results;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(title, results) {
  const rows = Object.entries(results).map(([name, r]) => ({
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
  for (const [name, r] of Object.entries(results)) {
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
if (options.build && !options['no-build']) build();
const report = {
  measuredAt: new Date().toISOString(),
  how: `${runs} loads per page in ${chromiumPath} (headless, 412×823 mobile viewport, CPU slowed 4×, no network throttling, cache disabled), medians; Lighthouse ${withLighthouse ? `mobile preset (simulated slow 4G, 4× CPU), median of ${lighthouseRuns} runs` : 'not run'}`,
  federated: await measureBuild('federated', chromiumPath),
};
printTable('Federated build (shell + three remotes)', report.federated);

if (options['compare-single-bundle']) {
  build({ SINGLE_BUNDLE: '1' });
  report.singleBundle = await measureBuild('single bundle', chromiumPath);
  printTable('Single bundle (SINGLE_BUNDLE=1, no federation)', report.singleBundle);
  // Put the federated build back, so `dist` is what `npm run preview` and the e2e suite expect.
  build();
}

mkdirSync(path.join(repoRoot, 'perf'), { recursive: true });
writeFileSync(path.join(repoRoot, 'perf', 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nWritten perf/report.json (${report.how}).`);
