// `npm run perf -- --baseline <git ref>`: the builds of another commit (main, say), measured in the
// same run as this tree's, so the two sets of figures share the machine's load. The commit's files
// are written to a temporary folder (git archive), its dependencies are this tree's installed ones,
// and its own build and preview scripts build and serve it. The folder is kept between runs: a
// commit is built once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The apps of the baseline commit: its folders with a webpack configuration (the shell and the
 * remotes its registry had, or, before the registry, the remotes it had then).
 */
const appsOf = (root) =>
  existsSync(root)
    ? readdirSync(root).filter((folder) => existsSync(path.join(root, folder, 'webpack.config.cjs')))
    : [];

function git(repoRoot, args, options = {}) {
  const result = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Links `root`'s node_modules to `repoRoot`'s, but for the workspaces' own packages (@loyalty/*),
 * which must be the commit's: a link into this tree would build this tree's shared code.
 */
function linkDependencies(repoRoot, root) {
  const modules = path.join(root, 'node_modules');
  mkdirSync(path.join(modules, '@loyalty'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@loyalty') continue;
    symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const workspace of readdirSync(path.join(repoRoot, 'node_modules', '@loyalty'))) {
    if (existsSync(path.join(root, workspace))) {
      symlinkSync(path.join('..', '..', workspace), path.join(modules, '@loyalty', workspace));
    }
  }
  // A workspace's own node_modules (the versions it needs beside the root's).
  for (const workspace of readdirSync(root)) {
    const own = path.join(repoRoot, workspace, 'node_modules');
    if (existsSync(own) && existsSync(path.join(root, workspace)) && workspace !== 'node_modules') {
      symlinkSync(own, path.join(root, workspace, 'node_modules'));
    }
  }
}

/** The folder holding `ref`'s files and production builds; builds them the first time. */
export function prepareBaseline(repoRoot, ref) {
  const commit = git(repoRoot, ['rev-parse', '--verify', `${ref}^{commit}`]);
  const root = path.join(tmpdir(), `loyalty-baseline-${commit.slice(0, 12)}`);
  const built = () => {
    const apps = appsOf(root);
    return apps.length > 0 && apps.every((app) => existsSync(path.join(root, app, 'dist', 'index.html')));
  };
  if (built()) return { root, commit };
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const archive = spawnSync('git', ['archive', '--format=tar', commit], { cwd: repoRoot, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${commit}: ${archive.stderr}`);
  const unpack = spawnSync('tar', ['-x', '-C', root], { input: archive.stdout });
  if (unpack.status !== 0) throw new Error(`tar: ${unpack.stderr}`);
  linkDependencies(repoRoot, root);
  console.log(`Building ${ref} (${commit.slice(0, 12)}) in ${root} for the side-by-side figures.`);
  const build = spawnSync(process.execPath, ['scripts/run/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0 || !built()) throw new Error(`the build of ${ref} failed`);
  return { root, commit };
}
