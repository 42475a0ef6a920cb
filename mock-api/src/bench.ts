/**
 * `npm run bench:api`: starts the mock API as its own process (default scrypt cost, fresh data
 * folder) and drives it with autocannon, 50 connections for 10 s per scenario, then prints
 * requests/s and p99 latency for balance, transactions and login.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchScenarios } from '../../scripts/lib/bench-table.mjs';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const base = `http://127.0.0.1:${PORT}`;

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The mock API did not start');
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-api-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'main.ts')], {
    // One client sends every request: its sign-in budget is off, or the login figure would count
    // 429s (README "Security" measures the throttles themselves).
    env: {
      ...process.env,
      API_PORT: String(PORT),
      MOCK_DATA_DIR: dataDir,
      NODE_ENV: 'production',
      THROTTLE_SIGN_IN: 'off',
    },
    stdio: 'ignore',
  });
  try {
    await waitForHealth();
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const authorization = { authorization: `Bearer ${token}` };
    const scenarios = [
      { name: 'GET  /api/user/points/balance', url: `${base}/api/user/points/balance`, headers: authorization },
      { name: 'GET  /api/user/transactions/all', url: `${base}/api/user/transactions/all`, headers: authorization },
      {
        name: 'POST /api/auth/login',
        url: `${base}/api/auth/login`,
        method: 'POST' as const,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      },
    ];
    await benchScenarios(scenarios, { connections: CONNECTIONS, duration: DURATION_SECONDS });
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
