// A scratch copy of a working tree, for proving `npm run new-remote` without touching the tree: its
// files (committed or not, but not what git ignores) in a temporary folder made a git repository
// of its own, with the tree's installed dependencies linked in (scripts/perf/baseline-build.mjs)
// but for the workspaces' own packages and the tools' caches, which must be the copy's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { linkDependencies } from '../perf/baseline-build.mjs';

const git = (cwd, args) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });

/** Copies `repoRoot` to a new temporary folder and says where. */
export function scratchCopy(repoRoot) {
  const root = mkdtempSync(path.join(tmpdir(), 'loyalty-scratch-'));
  const files = git(repoRoot, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  // Files deleted in the tree but not yet in git's index are listed too: tar skips them with a warning.
  execFileSync('sh', ['-c', `tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "${root}"`], {
    cwd: repoRoot,
    input: files,
    maxBuffer: 1 << 28,
  });
  linkDependencies(repoRoot, root);
  // tsc's build information and other caches: the copy's own, or they would describe the tree's files.
  rmSync(path.join(root, 'node_modules', '.cache'), { force: true });
  git(root, ['init', '--quiet']);
  git(root, ['add', '--all']);
  git(root, ['-c', 'user.name=scratch', '-c', 'user.email=scratch@localhost', 'commit', '--quiet', '-m', 'scratch']);
  return root;
}

/** Removes a scratch copy. */
export function removeScratchCopy(root) {
  rmSync(root, { recursive: true, force: true });
}
