// Starts the telemetry receiver (telemetry/) as a child process on TELEMETRY_PORT and resolves once
// it answers its health check. `npm start` and `npm run preview` run it beside the mock API; the
// shell's origin passes `/telemetry/` on to it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answersOk, waitUntil } from './wait-until.mjs';

const require = createRequire(import.meta.url);
const { telemetryOrigin } = require('./apps.cjs');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The key the receivers sign reporter cookies with and the edge checks them with (decision 071):
 * TELEMETRY_PASS_SECRET, one variable both read. Unset, one is made for this run and set in the
 * environment, so the receiver started from here and the edge's configuration share it.
 */
export function ensureTelemetryPassSecret() {
  process.env.TELEMETRY_PASS_SECRET ||= randomBytes(32).toString('base64url');
  return process.env.TELEMETRY_PASS_SECRET;
}

export async function startTelemetryReceiver({ env = {}, quiet = true } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'telemetry'),
    // It reads the release manifests from the portal's edge, trusting the local authority for that
    // edge alone (telemetry/src/main.ts): no NODE_EXTRA_CA_CERTS, which a machine may set to its own.
    env: { ...process.env, ...env },
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
