// `npm install` (the `prepare` script): points git at the project's hooks in `.githooks/`, so that
// each commit's message is checked as it is written (README, "Commit messages"). Never fails an
// install: outside a git checkout (a tarball, an installed copy), or where the checkout is another
// project's, or where git already runs other hooks (core.hooksPath set elsewhere), it says so and
// leaves git as it is.
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOOKS_PATH = '.githooks';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const git = (cwd, args) => spawnSync('git', args, { cwd, encoding: 'utf8' });

/** Turns the hooks on in the checkout at `cwd`; what was done, in a sentence. */
export function installGitHooks(cwd = repoRoot) {
  const top = git(cwd, ['rev-parse', '--show-toplevel']);
  if (top.error || top.status !== 0) return 'not a git checkout: no hooks to turn on';
  if (realpathSync(top.stdout.trim()) !== realpathSync(cwd)) {
    return `the checkout is ${top.stdout.trim()}, not this project: its hooks are left alone`;
  }
  const current = git(cwd, ['config', '--get', 'core.hooksPath']).stdout.trim();
  if (current === HOOKS_PATH) return `git hooks already on (core.hooksPath ${HOOKS_PATH})`;
  if (current !== '') {
    return `core.hooksPath is ${current}: left as it is; the commit-msg hook is ${HOOKS_PATH}/commit-msg`;
  }
  const set = git(cwd, ['config', 'core.hooksPath', HOOKS_PATH]);
  if (set.status !== 0) return `git hooks not turned on: ${set.stderr.trim()}`;
  return `git hooks on (core.hooksPath ${HOOKS_PATH}): commit messages are checked as they are written`;
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(installGitHooks());
  } catch (error) {
    console.warn(`git hooks not turned on: ${error.message}`);
  }
}
