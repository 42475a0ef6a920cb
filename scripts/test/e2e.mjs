// End-to-end tests: the production builds served as deployed (by nginx, the portal's edge), the
// mock API, the system Chromium. With `--development`, the development servers' suite instead
// (`npm start`, playwright.dev.config.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from '../lib/chromium.mjs';
import { ensureNginx } from '../edge/nginx.mjs';
import { ensurePrometheus } from '../lib/prometheus.mjs';
import localTls from '../lib/local-tls.cjs';
import apps from '../lib/apps.cjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chromium = ensureChromium();
const development = process.argv[2] === '--development';
if (!development) ensureNginx();
// The canary journeys run a real Prometheus (e2e/tests/release/canary-analysis.spec.ts).
if (!development) ensurePrometheus();
// The edge serves TLS with a local certificate: made before the suite's configuration names it.
const { authority } = await localTls.ensureLocalCertificate();
const playwrightArgs = development
  ? ['--config', 'playwright.dev.config.ts', ...process.argv.slice(3)]
  : process.argv.slice(2);

if (!development && !apps.appPackages.every((app) => existsSync(path.join(repoRoot, app, 'dist', 'index.html')))) {
  console.log('No production build yet: building first.');
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'run', 'build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const result = spawnSync(
  process.execPath,
  [path.join(repoRoot, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...playwrightArgs],
  {
    cwd: path.join(repoRoot, 'e2e'),
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, NODE_EXTRA_CA_CERTS: authority },
  },
);
process.exit(result.status ?? 1);
