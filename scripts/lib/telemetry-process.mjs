// Starts the telemetry receiver (telemetry/) as a child process on TELEMETRY_PORT and resolves once
// it answers its health check. `npm start` and `npm run preview` run it beside the mock API; the
// shell's origin passes `/telemetry/` on to it.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { telemetryOrigin } = require('./apps.cjs');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Resolves once `url` answers 2xx; rejects when `child` exits first or `timeoutMs` passes. */
export async function waitUntilHealthy(child, url, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    const healthy = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`${name} did not start within ${timeoutMs / 1000} s`);
}

export async function startTelemetryReceiver({ env = {}, quiet = true } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'telemetry'),
    env: { ...process.env, ...env },
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  await waitUntilHealthy(child, `${telemetryOrigin()}/health`, 'The telemetry receiver');
  return child;
}
