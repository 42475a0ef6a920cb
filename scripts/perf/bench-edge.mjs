// `npm run bench:edge`: how many requests the portal's edge answers, with autocannon (50
// connections, 10 s per address) on `/` (the sign-in page), `/dashboard` and `main.js`, as a
// browser asks for them (Brotli accepted). The edge is started as `npm run preview` starts it, on
// the ports of the apps table, over TLS (autocannon speaks HTTP/1.1 on each connection); the goal is checked at the end: `/` at ten times the rate of the
// project's former Node static server or more, with a p99 under 50 ms. That server is gone: its
// figures, measured by this script in the same run as nginx before it was removed, are kept in
// perf/edge-baseline.json.
//
//   npm run bench:edge
//   npm run bench:edge -- --seconds 5
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { answersOk, waitUntil } from '../lib/wait-until.mjs';

const require = createRequire(import.meta.url);
const apps = require('../lib/apps.cjs');
const { ensureLocalCertificate, fetchFromEdge } = require('../lib/local-tls.cjs');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BASELINE = path.join(repoRoot, 'perf', 'edge-baseline.json');

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
  },
});
const CONNECTIONS = 50;
const SECONDS = Number(options.seconds);
const GOAL = { rateTimesOld: 10, p99Ms: 50 };

const LABELS = { nginx: 'nginx (the edge)', old: 'Node static server (before, perf/edge-baseline.json)' };

/** What a browser sends for a page and for a script. */
const BROWSER = {
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
};
const TARGETS = [
  { name: '/', path: '/', headers: { ...BROWSER, accept: 'text/html' } },
  { name: '/dashboard', path: '/dashboard', headers: { ...BROWSER, accept: 'text/html' } },
  { name: 'main.js', path: '/main.js', headers: { ...BROWSER, accept: '*/*' } },
];

for (const app of ['shell', ...apps.remotes.map((remote) => remote.pkg)]) {
  if (!existsSync(path.join(repoRoot, app, 'dist', 'index.html'))) {
    console.error(`${app} has no production build: run \`npm run build\` first.`);
    process.exit(1);
  }
}

async function startServer(script) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loyalty-bench-edge-'));
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { ...process.env, MOCK_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntil(answersOk(`${apps.origin('shell')}/config.json`, fetchFromEdge), {
    what: script,
    timeoutMs: 90_000,
    child,
    notYet: 'did not answer',
  });
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(target) {
  const url = `${apps.origin('shell')}${target.path}`;
  // A short warm-up: file caches, kept-alive upstream connections.
  await autocannon({ url, connections: 10, duration: 1, headers: target.headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: target.headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    // Bytes sent: where this stays level while requests/s move, the client or the link is the limit.
    megabytesPerSecond: Math.round(result.throughput.average / 1e5) / 10,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function bench() {
  // Made here, not by the preview, so the readiness check above can trust it from the first try.
  await ensureLocalCertificate();
  const server = await startServer('scripts/run/preview.mjs');
  try {
    const figures = {};
    for (const target of TARGETS) {
      figures[target.name] = await measure(target);
      console.log(`  ${LABELS.nginx}, ${target.name}: measured`);
    }
    return figures;
  } finally {
    await server.stop();
  }
}

const how = `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per address, Node ${process.version}, ${os.cpus().length} CPUs (shared with other work), one server at a time on the same machine`;
console.log(how);
const report = { measuredAt: new Date().toISOString(), how, servers: { nginx: await bench() } };

const baseline = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : null;
const old = baseline?.figures;
const oldFrom = baseline ? `perf/edge-baseline.json, measured ${baseline.measuredAt}` : null;

const rows = [];
for (const [key, figures] of Object.entries({ ...(old ? { old } : {}), nginx: report.servers.nginx })) {
  for (const [target, result] of Object.entries(figures)) {
    rows.push({
      server: LABELS[key],
      address: target,
      'requests/s': result.requestsPerSecond,
      'p99 ms': result.p99Ms,
      'MB/s': result.megabytesPerSecond,
      'non-2xx': result.non2xx,
      errors: result.errors,
    });
  }
}
console.table(rows);

const home = report.servers.nginx['/'];
const checks = [[`p99 of / under ${GOAL.p99Ms} ms`, home.p99Ms < GOAL.p99Ms, `${home.p99Ms} ms`]];
if (old) {
  const times = home.requestsPerSecond / old['/'].requestsPerSecond;
  checks.push([
    `/ at ${GOAL.rateTimesOld}× the old server's rate or more (old figures: ${oldFrom})`,
    times >= GOAL.rateTimesOld,
    `${times.toFixed(1)}×`,
  ]);
}
// A connection the client drops as the run ends may count as an error: a handful in 100 000 is noise.
const faults = Object.values(report.servers.nginx).reduce(
  (sum, result) => ({
    requests: sum.requests + result.requests,
    non2xx: sum.non2xx + result.non2xx,
    errors: sum.errors + result.errors,
  }),
  { requests: 0, non2xx: 0, errors: 0 },
);
checks.push([
  'every answer of the edge a 2xx, errors under 1 in 10 000 requests',
  faults.non2xx === 0 && faults.errors * 10_000 < faults.requests,
  `${faults.non2xx} non-2xx, ${faults.errors} errors in ${faults.requests} requests`,
]);
for (const [goal, met, figure] of checks) console.log(`${met ? '✔' : '✘'} ${goal}: ${figure}`);
process.exit(checks.every(([, met]) => met) ? 0 : 1);
