// `node scripts/new-remote/prove.mjs`: the end-to-end proof of `npm run new-remote`, in a scratch copy
// of this tree (scratch-copy.mjs), so nothing here changes: the scaffold writes mf-offers, then with
// no further edit the TypeScript build passes, the portal builds with it, the new remote's own e2e
// journeys pass (the shell serves its page inside its frame at its mount, after sign-in, and its
// menu entry leads there; its page's load is reported, and the telemetry receiver counts it for
// mf-offers), and the release CLI publishes and pins a version of it, then gives a second version to
// a canary share and takes it back. It builds the whole portal, so it is not part of `npm test`,
// which runs the quick part (new-remote.test.ts); docs/adding-a-remote.md says what it costs.
//
// Runs servers: export your port set first (scripts/lib/apps.cjs), and MF_OFFERS_PORT beside it.
//   node scripts/new-remote/prove.mjs [--keep] [--help]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { removeScratchCopy, scratchCopy } from './scratch-copy.mjs';

const USAGE = `node scripts/new-remote/prove.mjs [--keep]

The end-to-end proof of \`npm run new-remote\`, in a scratch copy of this tree: the scaffold writes
mf-offers, then the type check, the production build, mf-offers' e2e journeys, and the release CLI's
publish, pin, canary, status and rollback-canary, with no further edit. Minutes: it builds the portal.

It starts servers (the e2e suite's preview): export your port set first (API_PORT, SHELL_PORT,
MF_AUTH_PORT, MF_POINTS_PORT, MF_PROFILE_PORT, TELEMETRY_PORT, PROMETHEUS_PORT), and MF_OFFERS_PORT
beside it.

  --keep   leave the scratch copy to look at
  --help   this text`;

const { values } = parseArgs({
  options: { keep: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const scratch = scratchCopy(repoRoot);
console.log(`Scratch copy: ${scratch}`);

const timings = [];
function step(name, args, env = {}) {
  const started = Date.now();
  const run = spawnSync(process.execPath, args, {
    cwd: scratch,
    stdio: 'inherit',
    env: { ...process.env, CI: '1', ...env },
  });
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (run.status !== 0) {
    console.error(`\n${name} failed (the scratch copy stays: ${scratch}).`);
    process.exit(run.status ?? 1);
  }
}

const deployRoot = path.join(scratch, 'deploy');
const release = (...args) => ['node_modules/tsx/dist/cli.mjs', 'release/src/cli.ts', ...args, '--root', deployRoot];
step('new-remote mf-offers', ['scripts/new-remote/new-remote.mjs', 'mf-offers', '--no-install']);
step('typecheck', ['scripts/run/typecheck.mjs']);
step('build', ['scripts/run/build.mjs']);
step('e2e journey of mf-offers', ['scripts/test/e2e.mjs', '--project', 'remotes']);
step('release publish', release('publish', 'mf-offers', '--env', 'production'));
step('release pin', release('pin', 'mf-offers', '0.1.0', '--env', 'production'));
// A second version of it, built as a team builds one, given to a tenth of the members, then taken
// back: the canary commands know the new remote as they know the others.
step('build mf-offers 0.2.0', ['scripts/run/build.mjs', 'mf-offers'], {
  RELEASE_VERSION: '0.2.0',
  BUILD_OUTPUT_DIR: path.join(scratch, 'mf-offers-0.2.0'),
});
step('release publish 0.2.0', [
  ...release('publish', 'mf-offers', '--env', 'production'),
  '--from',
  path.join(scratch, 'mf-offers-0.2.0'),
]);
step('release canary 0.2.0 at 10 %', release('canary', 'mf-offers', '0.2.0', '--percent', '10', '--env', 'production'));
step('release status', release('status', '--env', 'production'));
step('release rollback-canary', release('rollback-canary', 'mf-offers', '--env', 'production'));

console.log(`\nThe new remote is built, served, tested and released with no further edit.\n  ${timings.join('\n  ')}`);
if (values.keep) console.log(`Scratch copy kept: ${scratch}`);
else removeScratchCopy(scratch);
