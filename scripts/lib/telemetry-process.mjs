// Starts the telemetry receiver (telemetry/) as a child process on TELEMETRY_PORT and resolves once
// it answers its health check. `npm start` and `npm run preview` run it beside the mock API; the
// shell's origin passes `/telemetry/` on to it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answersOk, waitUntil } from './wait-until.mjs';

const require = createRequire(import.meta.url);
const { telemetryOrigin } = require('./apps.cjs');
const { LOCAL_TLS } = require('./local-tls.cjs');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function startTelemetryReceiver({ env = {}, quiet = true } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'telemetry'),
    // It reads the release manifests from the portal's edge (telemetry/src/release-catalog.ts),
    // whose certificate the local authority signed.
    env: {
      ...(existsSync(LOCAL_TLS.authority) ? { NODE_EXTRA_CA_CERTS: LOCAL_TLS.authority } : {}),
      ...process.env,
      ...env,
    },
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  await waitUntil(answersOk(`${telemetryOrigin()}/health`), {
    what: 'The telemetry receiver',
    timeoutMs: 60_000,
    child,
    intervalMs: 200,
  });
  return child;
}
