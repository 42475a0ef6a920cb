// Starts the mock API as a child process and resolves once it answers its health check.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answersOk, waitUntil } from './wait-until.mjs';

const require = createRequire(import.meta.url);
const { ports, apiUpstream, appOrigins, origin } = require('./apps.cjs');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @param {object} [options]
 * @param {boolean} [options.devRoutes]  mount `/api/dev` (the outbox, the business clock): for
 *   development and tests only, never for a preview of what is deployed
 * @param {'edge' | 'development'} [options.servedBy]  who serves the pages, whose shell e-mailed links open
 * @param {Record<string, string>} [options.env]
 * @param {boolean} [options.quiet]
 */
export async function startMockApi({ devRoutes = false, servedBy = 'edge', env = {}, quiet = false } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'mock-api'),
    env: {
      ...process.env,
      API_PORT: String(ports.api),
      ALLOWED_ORIGINS: appOrigins().join(','),
      MOCK_DEV_ROUTES: devRoutes ? '1' : '0',
      PORTAL_ORIGIN: process.env.PORTAL_ORIGIN || origin('shell', servedBy),
      ...env,
    },
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  // Generous: on a loaded two-core machine the first start (tsx compiling, seeding with scrypt) is slow.
  await waitUntil(answersOk(`${apiUpstream()}/api/health`), { what: 'The mock API', timeoutMs: 90_000, child });
  return child;
}
