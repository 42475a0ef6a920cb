/**
 * `npm run bench:telemetry`: starts the receiver as its own process and drives it with autocannon,
 * 50 connections for 10 s per scenario: a page load's batch of reports, and a scrape of /metrics
 * once those reports have filled it. Prints requests/s and p99 latency. The rate limit is lifted
 * for the run: every request comes from one address, on one pass, here. The receiver counts the
 * sample releases (a manifest file of them) and knows the sample passes' key.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TELEMETRY_ROUTES } from '@loyalty/shared/telemetry';
import { benchScenarios } from '../../scripts/lib/bench-table.mjs';
import { SAMPLE_MANIFESTS, pageLoadBatch } from './testing/sample-reports';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? process.env.TELEMETRY_PORT ?? 8090);
const base = `http://127.0.0.1:${PORT}`;

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The receiver did not start');
}

async function main(): Promise<void> {
  const manifest = path.join(mkdtempSync(path.join(tmpdir(), 'telemetry-bench-')), 'local.json');
  writeFileSync(manifest, JSON.stringify(SAMPLE_MANIFESTS[0]));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'main.ts')], {
    env: {
      ...process.env,
      TELEMETRY_PORT: String(PORT),
      APP_HOST: '127.0.0.1',
      TELEMETRY_RATE_LIMIT: '100000000',
      TELEMETRY_RELEASE_MANIFESTS: manifest,
      TELEMETRY_PASS_SECRET: 'sample-reports',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  try {
    await waitForHealth();
    const scenarios = [
      {
        name: `POST ${TELEMETRY_ROUTES.reports}`,
        url: `${base}${TELEMETRY_ROUTES.reports}`,
        method: 'POST' as const,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(pageLoadBatch()),
      },
      { name: 'GET  /metrics', url: `${base}/metrics` },
    ];
    await benchScenarios(scenarios, { connections: CONNECTIONS, duration: DURATION_SECONDS });
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
