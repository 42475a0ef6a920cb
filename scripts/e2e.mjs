// End-to-end tests: the production builds served as deployed, the mock API, the system Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = ensureChromium();

if (
  !['shell', 'mf-auth', 'mf-points', 'mf-profile'].every((app) =>
    existsSync(path.join(repoRoot, app, 'dist', 'index.html')),
  )
) {
  console.log('No production build yet: building first.');
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const result = spawnSync(
  process.execPath,
  [path.join(repoRoot, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...process.argv.slice(2)],
  { cwd: path.join(repoRoot, 'e2e'), stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
process.exit(result.status ?? 1);
