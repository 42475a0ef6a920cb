// `npm test`: nginx (installed when missing), lint, type-check, unit tests, production build, e2e
// in Chromium against it (served by nginx), a new remote scaffolded and proved end to end in a
// scratch copy (scripts/new-remote/prove.mjs), e2e against the development servers — every step runs,
// and the last line gives the totals of all of them: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDependencyAudit } from './dependency-audit.mjs';
import { ensureNginx } from '../edge/nginx.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const resultsDir = path.join(repoRoot, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);

const totals = { passed: 0, failed: 0 };
const summary = [];

function run(label, command, args, { countFrom } = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  let counted = countFrom ? countFrom() : null;
  if (!counted) counted = ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  // A runner that crashed before reporting still counts as a failure.
  if (!ok && counted.failed === 0) counted.failed = 1;
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  summary.push(`${ok ? '✔' : '✘'} ${label}: ${counted.passed} passed, ${counted.failed} failed (${seconds} s)`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const jestReport = path.join(resultsDir, 'unit.json');
const e2eReport = path.join(resultsDir, 'e2e.json');
const e2eDevelopmentReport = path.join(resultsDir, 'e2e-development.json');
for (const report of [jestReport, e2eReport, e2eDevelopmentReport]) rmSync(report, { force: true });

// nginx serves the portal in the edge's tests and the e2e suite: installed first when missing.
{
  const label = 'the edge (nginx, Debian package)';
  console.log(`\n▶ ${label}`);
  try {
    const { nginx, brotliModule } = ensureNginx();
    console.log(`${nginx}${brotliModule ? `, with ${brotliModule}` : ', without its Brotli module'}`);
    summary.push(`✔ ${label}: ${nginx}${brotliModule ? ' with Brotli' : ' without Brotli'}`);
  } catch (error) {
    console.error(error.message);
    summary.push(`✘ ${label}: ${error.message.split('\n')[0]}`);
    totals.failed += 1;
  }
}
/**
 * Steps that each keep one core busy, run side by side: their output is held and printed whole, one
 * step after the other, so a failure reads as it would alone.
 */
async function runTogether(steps) {
  const outcomes = await Promise.all(
    steps.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: repoRoot, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (status) =>
            resolve({ label, ok: status === 0, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
          );
        }),
    ),
  );
  for (const { label, ok, output, seconds } of outcomes) {
    console.log(`\n▶ ${label}`);
    process.stdout.write(Buffer.concat(output));
    totals.passed += ok ? 1 : 0;
    totals.failed += ok ? 0 : 1;
    summary.push(`${ok ? '✔' : '✘'} ${label}: ${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed (${seconds} s, side by side)`);
  }
}

// ESLint and tsc are single-threaded: side by side they take the time of the longer one.
await runTogether([
  { label: 'lint (ESLint + Prettier)', command: 'npm', args: ['run', '--silent', 'lint'] },
  { label: 'type-check (tsc -b)', command: 'npm', args: ['run', '--silent', 'typecheck'] },
]);
run('unit and component tests (jest)', bin('jest'), ['--ci', '--json', `--outputFile=${jestReport}`], {
  countFrom: () => {
    const report = readJson(jestReport);
    return report
      ? { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites }
      : null;
  },
});
// Dependency audit: no high or critical advisory in what ships. A block of its own rather than
// `run`: when the advisory endpoint cannot answer, the step is skipped, neither passed nor failed.
{
  const label = 'dependency audit (npm audit --omit=dev)';
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const audit = runDependencyAudit(repoRoot);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (audit.outcome === 'skipped') {
    console.warn(`⚠ WARNING: dependency audit skipped, ${audit.message}`);
    summary.push(`⚠ ${label}: skipped, ${audit.message} (${seconds} s)`);
  } else {
    console.log(audit.message);
    totals[audit.outcome] += 1;
    summary.push(`${audit.outcome === 'passed' ? '✔' : '✘'} ${label}: ${audit.message} (${seconds} s)`);
  }
}
/** Passed and failed tests from a Playwright JSON report (flaky ones passed on their retry). */
const countPlaywright = (reportFile) => () => {
  const report = readJson(reportFile);
  if (!report) return null;
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats ?? {};
  return { passed: expected + flaky, failed: unexpected };
};
const built = run('production build (webpack, four apps)', process.execPath, ['scripts/run/build.mjs']);
if (built) {
  run('end-to-end tests (Playwright, Chromium)', process.execPath, ['scripts/test/e2e.mjs'], {
    countFrom: countPlaywright(e2eReport),
  });
} else {
  summary.push('✘ end-to-end tests: skipped, the build failed');
  totals.failed += 1;
}
// `npm run new-remote` proved end to end in a scratch copy (docs/adding-a-remote.md): it copies the
// build above for the existing remotes, and serves on the suite's ports once the suite has let go.
if (built) {
  run('a new remote, scaffolded, built, served and released (scratch copy)', process.execPath, [
    'scripts/new-remote/prove.mjs',
  ]);
} else {
  summary.push('✘ a new remote, proved end to end: skipped, the build failed');
  totals.failed += 1;
}
// After the main suite, whose preview servers hold the same ports until it ends.
run('development servers (npm start, Playwright)', process.execPath, ['scripts/test/e2e.mjs', '--development'], {
  countFrom: countPlaywright(e2eDevelopmentReport),
});

console.log(`\n${summary.join('\n')}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
