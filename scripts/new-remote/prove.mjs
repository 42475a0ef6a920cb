// `node scripts/new-remote/prove.mjs`: the end-to-end proof of `npm run new-remote`, in a scratch copy
// of this tree (scratch-copy.mjs), so nothing here changes: the scaffold writes mf-offers, then with
// no further edit the TypeScript build passes, the portal builds with it, the e2e suite's journey of
// the new remote passes (the shell serves its page inside its frame at its mount, after sign-in, and
// its menu entry leads there), and the release CLI publishes and pins a version of it, then gives a
// second version to a canary share and takes it back. Minutes, as
// it builds the whole portal: `npm test` runs the quick part (new-remote.test.ts).
//
// Runs servers: export your port set first (scripts/lib/apps.cjs), and MF_OFFERS_PORT beside it.
//   node scripts/new-remote/prove.mjs [--keep]      --keep leaves the scratch copy to look at
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { removeScratchCopy, scratchCopy } from './scratch-copy.mjs';

const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });
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
