// `node scripts/new-remote/prove.mjs`: the end-to-end proof of `npm run new-remote`, in a scratch copy
// of this tree (scratch-copy.mjs), so nothing here changes. The scaffold writes mf-offers; then, with
// no further edit, the type check passes, the portal builds with it, the new remote's own e2e
// journeys pass (the shell serves its page inside its frame at its mount after sign-in, axe finds
// nothing, its menu entry leads there, its page's load is reported and the telemetry receiver
// counts it), and the release CLI publishes and pins a version of it, which `release status` shows.
//
// `npm test` runs it after the portal's build (scripts/test/test.mjs): the three remotes' sources
// are the tree's, so their builds and type-check outputs are copied from the tree rather than made
// again: only the shell (which embeds the registry) and mf-offers are built, and mf-offers alone is
// type-checked. `--full` makes everything anew in the copy, and gives a second version to a canary
// share and takes it back.
//
// Runs servers: export your port set first (scripts/lib/apps.cjs), and MF_OFFERS_PORT beside it.
//   node scripts/new-remote/prove.mjs [--full] [--keep] [--help]
import { spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { removeScratchCopy, scratchCopy } from './scratch-copy.mjs';

const require = createRequire(import.meta.url);
const NEW_REMOTE = { pkg: 'mf-offers', federationName: 'mf_offers' };
const ENVIRONMENT = 'production';

const USAGE = `node scripts/new-remote/prove.mjs [--full] [--keep]

The end-to-end proof of \`npm run new-remote\`, in a scratch copy of this tree: the scaffold writes
${NEW_REMOTE.pkg}; with no further edit the type check passes, the shell and ${NEW_REMOTE.pkg} build (the
other remotes' builds and type-check outputs are the tree's, made in the copy when the tree has
none), ${NEW_REMOTE.pkg}' e2e journeys pass against the edge, and the release CLI publishes and pins
it, which \`release status\` shows.

It starts servers (the e2e suite's preview): export your port set first (API_PORT, SHELL_PORT,
MF_AUTH_PORT, MF_POINTS_PORT, MF_PROFILE_PORT, TELEMETRY_PORT, PROMETHEUS_PORT), and MF_OFFERS_PORT
beside it.

  --full   the type check and the build of the whole portal anew, and a second version given to a
           canary share, then taken back (minutes more)
  --keep   leave the scratch copy to look at
  --help   this text`;

const { values } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { remotes } = require('../lib/apps.cjs');
const scratch = scratchCopy(repoRoot);
console.log(`Scratch copy: ${scratch}`);

const timings = [];
/** The process groups of the steps: each step leads one, so its servers and workers go with it. */
const groups = new Set();
const signalGroup = (group, signal) => {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
};
/**
 * Interrupts what still runs as Ctrl+C would, so that Playwright stops the preview it started (in
 * a group of its own), and waits for it; what has not stopped within 20 s is killed.
 */
async function stopSteps() {
  for (const group of groups) signalGroup(group, 'SIGINT');
  const deadline = Date.now() + 20_000;
  while ([...groups].some((group) => signalGroup(group, 0)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (const group of groups) signalGroup(group, 'SIGKILL');
}
let finishing = false;
async function finish(status) {
  // A signal while a failed step is being cleaned up: the clean-up under way ends the run.
  if (finishing) return;
  finishing = true;
  await stopSteps();
  console.log(`\n  ${timings.join('\n  ')}`);
  // A failed journey's traces and screenshots outlive the copy, where the suite's own are kept.
  const artifacts = path.join(scratch, 'test-results', 'e2e-artifacts');
  if (status !== 0 && existsSync(artifacts)) {
    const kept = path.join(repoRoot, 'test-results', 'new-remote-artifacts');
    rmSync(kept, { recursive: true, force: true });
    cpSync(artifacts, kept, { recursive: true });
    console.log(`Its e2e traces and screenshots: ${kept}`);
  }
  if (values.keep) console.log(`Scratch copy kept: ${scratch}`);
  else removeScratchCopy(scratch);
  process.exit(status);
}
// Stopped from outside (Ctrl+C, a CI timeout): its servers and its copy go too.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => finish(1));
/** Runs `args` with node in the scratch copy; stops the proof when it fails. */
async function step(name, args, { env = {}, capture = false } = {}) {
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: scratch,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    env: { ...process.env, CI: '1', ...env },
    detached: true,
  });
  groups.add(child.pid);
  let stdout = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // The run is ending (a failed step beside this one, a signal): nothing after this step runs.
  if (finishing) return new Promise(() => {});
  if (status !== 0) {
    if (capture) process.stdout.write(stdout);
    console.error(`\n${name} failed.`);
    await finish(status);
  }
  return stdout;
}

const deployRoot = path.join(scratch, 'deploy');
const release = (...args) => [
  'node_modules/tsx/dist/cli.mjs',
  'release/src/cli.ts',
  ...args,
  '--env',
  ENVIRONMENT,
  '--root',
  deployRoot,
];

await step(`new-remote ${NEW_REMOTE.pkg}`, ['scripts/new-remote/new-remote.mjs', NEW_REMOTE.pkg, '--no-install']);
if (values.full) {
  await step('typecheck', ['scripts/run/typecheck.mjs']);
  await step('build', ['scripts/run/build.mjs']);
} else {
  // The type check's outputs are the tree's where it has them, with their times, so `tsc -b` checks
  // only what is newer than them: the new remote (its sources, and any file changed since).
  const typeOutputs = path.join(repoRoot, 'node_modules', '.cache', 'tsc');
  if (existsSync(typeOutputs)) {
    cpSync(typeOutputs, path.join(scratch, 'node_modules', '.cache', 'tsc'), {
      recursive: true,
      preserveTimestamps: true,
    });
  }
  // The existing remotes' sources are the tree's own: their builds are the tree's too. The shell
  // embeds the registry, so it is built again, with the new remote.
  const toBuild = ['shell', NEW_REMOTE.pkg];
  for (const { pkg } of remotes) {
    const built = path.join(repoRoot, pkg, 'dist');
    if (existsSync(path.join(built, 'index.html'))) cpSync(built, path.join(scratch, pkg, 'dist'), { recursive: true });
    else toBuild.push(pkg);
  }
  // Side by side: tsc holds one core, webpack mostly the other.
  await Promise.all([
    step('typecheck', ['scripts/run/typecheck.mjs']),
    step(`build ${toBuild.join(', ')}`, ['scripts/run/build.mjs', toBuild.join(',')]),
  ]);
}
await step(`e2e journeys of ${NEW_REMOTE.pkg}`, ['scripts/test/e2e.mjs', '--project', 'remotes']);
await step('release publish 0.1.0', release('publish', NEW_REMOTE.pkg));
await step('release pin 0.1.0', release('pin', NEW_REMOTE.pkg, '0.1.0'));
if (values.full) {
  // A second version of it, built as a team builds one, given to a tenth of the members, then taken
  // back: the canary commands know the new remote as they know the others.
  const secondBuild = path.join(scratch, `${NEW_REMOTE.pkg}-0.2.0`);
  await step('build 0.2.0', ['scripts/run/build.mjs', NEW_REMOTE.pkg], {
    env: { RELEASE_VERSION: '0.2.0', BUILD_OUTPUT_DIR: secondBuild },
  });
  await step('release publish 0.2.0', [...release('publish', NEW_REMOTE.pkg), '--from', secondBuild]);
  await step('release canary 0.2.0 at 10 %', release('canary', NEW_REMOTE.pkg, '0.2.0', '--percent', '10'));
  await step('release rollback-canary', release('rollback-canary', NEW_REMOTE.pkg));
}
// What the environment serves, as the release CLI reads it back from the deploy root.
const report = JSON.parse(await step('release status', [...release('status'), '--json'], { capture: true }));
const served = report.remotes?.[NEW_REMOTE.federationName]?.stable;
if (served !== '0.1.0' || report.problems?.length) {
  console.error(
    `release status: ${NEW_REMOTE.federationName} serves ${served ?? 'nothing'} in ${ENVIRONMENT}, not 0.1.0:\n${JSON.stringify(report, null, 2)}`,
  );
  await finish(1);
}
console.log(`release status: ${NEW_REMOTE.federationName} stable ${served} in ${ENVIRONMENT}`);
console.log(`\nThe new remote is built, served, tested and released with no further edit.`);
await finish(0);
