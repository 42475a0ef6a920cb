// Starts `release controller` (release/src/walk-controller.ts) on a deploy root as a child process:
// it resumes every canary walk whose lease ran out, so a walk whose terminal went away stays
// guarded. `npm run preview -- --deploy-root <dir>` runs it unless `--no-controller`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function startReleaseController({ deployRoot }) {
  return spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'release', 'src', 'cli.ts'), 'controller', '--root', deployRoot],
    { cwd: repoRoot, env: process.env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
}
