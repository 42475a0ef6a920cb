// `node scripts/new-remote/prove.mjs`: the end-to-end proof of `npm run new-remote`, in a scratch copy
// of this tree (scratch-copy.mjs), so nothing here changes. The scaffold writes mf-offers; then, with
// no further edit, the portal builds with it, the new remote's own e2e journeys pass (the shell
// serves its page inside its frame at its mount after sign-in, axe finds nothing, its menu entry
// leads there, its page's load is reported and the telemetry receiver counts it), and the release
// CLI publishes and pins a version of it, which `release status` shows.
//
// `npm test` runs it after the portal's build (scripts/test/test.mjs): the three remotes' sources
// are the tree's, so their builds are copied from the tree rather than made again, and only the
// shell (which embeds the registry) and mf-offers are built. `--full` proves the rest as a release
// does: the type check, the whole build, a second version given to a canary share and taken back.
//
// Runs servers: export your port set first (scripts/lib/apps.cjs), and MF_OFFERS_PORT beside it.
//   node scripts/new-remote/prove.mjs [--full] [--keep] [--help]
import { spawnSync } from 'node:child_process';
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
${NEW_REMOTE.pkg}; with no further edit the shell and ${NEW_REMOTE.pkg} build (the other remotes' builds
are the tree's, built first when missing), ${NEW_REMOTE.pkg}' e2e journeys pass against the edge, and the
release CLI publishes and pins it, which \`release status\` shows.

It starts servers (the e2e suite's preview): export your port set first (API_PORT, SHELL_PORT,
MF_AUTH_PORT, MF_POINTS_PORT, MF_PROFILE_PORT, TELEMETRY_PORT, PROMETHEUS_PORT), and MF_OFFERS_PORT
beside it.

  --full   also the type check, the whole portal built anew, and a second version given to a
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
const finish = (status) => {
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
};
/** Runs `args` with node in the scratch copy; stops the proof when it fails. */
function step(name, args, { env = {}, capture = false } = {}) {
  const started = Date.now();
  const run = spawnSync(process.execPath, args, {
    cwd: scratch,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, CI: '1', ...env },
  });
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (run.status !== 0) {
    if (capture) process.stdout.write(run.stdout ?? '');
    console.error(`\n${name} failed.`);
    finish(run.status ?? 1);
  }
  return run.stdout;
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

step(`new-remote ${NEW_REMOTE.pkg}`, ['scripts/new-remote/new-remote.mjs', NEW_REMOTE.pkg, '--no-install']);
if (values.full) {
  step('typecheck', ['scripts/run/typecheck.mjs']);
  step('build', ['scripts/run/build.mjs']);
} else {
  // The existing remotes' sources are the tree's own: their builds are the tree's too. The shell
  // embeds the registry, so it is built again, with the new remote.
  const toBuild = ['shell', NEW_REMOTE.pkg];
  for (const { pkg } of remotes) {
    const built = path.join(repoRoot, pkg, 'dist');
    if (existsSync(path.join(built, 'index.html'))) cpSync(built, path.join(scratch, pkg, 'dist'), { recursive: true });
    else toBuild.push(pkg);
  }
  step(`build ${toBuild.join(', ')}`, ['scripts/run/build.mjs', toBuild.join(',')]);
}
step(`e2e journeys of ${NEW_REMOTE.pkg}`, ['scripts/test/e2e.mjs', '--project', 'remotes']);
step('release publish 0.1.0', release('publish', NEW_REMOTE.pkg));
step('release pin 0.1.0', release('pin', NEW_REMOTE.pkg, '0.1.0'));
if (values.full) {
  // A second version of it, built as a team builds one, given to a tenth of the members, then taken
  // back: the canary commands know the new remote as they know the others.
  const secondBuild = path.join(scratch, `${NEW_REMOTE.pkg}-0.2.0`);
  step('build 0.2.0', ['scripts/run/build.mjs', NEW_REMOTE.pkg], {
    env: { RELEASE_VERSION: '0.2.0', BUILD_OUTPUT_DIR: secondBuild },
  });
  step('release publish 0.2.0', [...release('publish', NEW_REMOTE.pkg), '--from', secondBuild]);
  step('release canary 0.2.0 at 10 %', release('canary', NEW_REMOTE.pkg, '0.2.0', '--percent', '10'));
  step('release rollback-canary', release('rollback-canary', NEW_REMOTE.pkg));
}
// What the environment serves, as the release CLI reads it back from the deploy root.
const report = JSON.parse(step('release status', [...release('status'), '--json'], { capture: true }));
const served = report.remotes?.[NEW_REMOTE.federationName]?.stable;
if (served !== '0.1.0' || report.problems?.length) {
  console.error(
    `release status: ${NEW_REMOTE.federationName} serves ${served ?? 'nothing'} in ${ENVIRONMENT}, not 0.1.0:\n${JSON.stringify(report, null, 2)}`,
  );
  finish(1);
}
console.log(`release status: ${NEW_REMOTE.federationName} stable ${served} in ${ENVIRONMENT}`);
console.log(`\nThe new remote is built, served, tested and released with no further edit.`);
finish(0);
