// `npm run typecheck`: `tsc -b` over the root project (every workspace but the remotes) and each
// remote of the registry. `tsc -b` takes no pattern, so the remotes are named here from
// remotes.json rather than kept by hand in tsconfig.json: a new remote's entry in the registry is
// all it takes (decision 063). Other arguments go to tsc (`npm run typecheck -- --watch`).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { typeScriptProjects } = require('../lib/remotes.cjs');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

const { status } = spawnSync(process.execPath, [tsc, '-b', ...typeScriptProjects, ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
});
process.exit(status ?? 1);
