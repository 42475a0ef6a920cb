/**
 * `npm run bench:api`: starts the mock API as its own process (default scrypt cost,
 * `NODE_ENV=production`) and drives it with autocannon.
 *
 * 1. A fresh data folder: balance, transactions and login, 50 connections for 10 s each.
 * 2. A data folder whose demo member has 100 000 transactions (README "Benchmark"): another
 *    member's reads alone, and the same reads beside a flood of refused writes, side by side in one
 *    run; then writes of that member and writes it is refused, one connection at a time (the
 *    median is a write's own time) and 50 at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import { benchScenarios } from '../../scripts/lib/bench-table.mjs';
import { REDEEM_MAX_POINTS } from '@loyalty/shared/validation';
import { hashPassword } from './auth/password';
import { DEMO_EMAIL, DEMO_MEMBER_ID, DEMO_PASSWORD, buildSeed, newMember } from './store/seed';
import type { TransactionRecord } from './store/schema';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3990);
/** The ledger of one member in the second part. */
const LEDGER_SIZE = Number(process.env.BENCH_LEDGER ?? 100_000);
const READER_EMAIL = 'reader@example.com';
const base = `http://127.0.0.1:${PORT}`;
const json = { 'content-type': 'application/json' };

async function waitForHealth(server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null) throw new Error(`The mock API exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The mock API did not start');
}

/** Runs the mock API on `dataDir` for the length of `run`. */
async function withServer(dataDir: string, run: () => Promise<void>): Promise<void> {
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
    await waitForHealth(server);
    await run();
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  }
}

async function tokenOf(email: string): Promise<Record<string, string>> {
  const reply = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!reply.ok) throw new Error(`Login of ${email} failed: ${reply.status}`);
  const { token } = (await reply.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** The seed, plus `LEDGER_SIZE` transactions of the demo member and a member with none. */
async function writeLargeLedger(dataDir: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const data = buildSeed(passwordHash, new Date().toISOString().slice(0, 10));
  data.members.push(
    newMember({
      id: 'mbr-bench-reader',
      email: READER_EMAIL,
      firstname: 'Reader',
      lastname: 'Member',
      passwordHash,
      verified: true,
      createdAt: new Date().toISOString(),
    }),
  );
  const first = data.meta.nextTransactionNumber;
  for (let index = 0; index < LEDGER_SIZE; index++) {
    const number = first + index;
    const debit = index % 10 === 9;
    const record: TransactionRecord = {
      id: `txn-bench-${number}`,
      transactionNumber: `TXN-${String(number).padStart(6, '0')}`,
      memberId: DEMO_MEMBER_ID,
      date: new Date(Date.UTC(2020, 0, 1) + index * 60_000).toISOString(),
      kind: debit ? 'debit' : 'credit',
      // 890 000 points available: a redemption of the largest amount allowed (1 000 000) is refused.
      points: debit ? 1 : 10,
      description: debit ? 'Points redeemed' : 'Bench credit',
    };
    data.transactions.push(record);
  }
  data.meta.nextTransactionNumber = first + LEDGER_SIZE;
  fs.writeFileSync(path.join(dataDir, 'db.json'), JSON.stringify(data));
}

type Load = Omit<Options, 'duration'> & { name: string };

const line = (name: string, result: Result) =>
  `${name.padEnd(62)}${result.requests.average.toFixed(1).padStart(9)}${String(result.latency.p50).padStart(8)}` +
  `${String(result.latency.p99).padStart(8)}${String(result.non2xx).padStart(9)}${String(result.timeouts).padStart(10)}`;

async function largeLedger(): Promise<void> {
  const heavy = { ...json, ...(await tokenOf(DEMO_EMAIL)) };
  const reader = await tokenOf(READER_EMAIL);
  const post = (name: string, url: string, body: unknown, connections: number): Load => ({
    name,
    url: `${base}${url}`,
    method: 'POST',
    headers: heavy,
    body: JSON.stringify(body),
    connections,
  });
  const write = (connections: number) =>
    post(`redeem 1 point (${connections} conn.)`, '/api/user/points/redeem', { points: 1 }, connections);
  const refusedClaim = (connections: number) =>
    post(
      `refused claim, no such booking (${connections} conn.)`,
      '/api/user/points/claim',
      { bookingId: 'BK-NONE', bookingDate: '2025-01-01' },
      connections,
    );
  const refusedRedeem = post(
    'refused redeem, over the balance (1 conn.)',
    '/api/user/points/redeem',
    { points: REDEEM_MAX_POINTS },
    1,
  );
  const reads: Load = {
    name: `another member's balance (25 conn.)`,
    url: `${base}/api/user/points/balance`,
    headers: reader,
    connections: 25,
  };
  console.log(
    `\n${LEDGER_SIZE} transactions of one member; autocannon ${DURATION_SECONDS} s each, Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  console.log(
    `${'scenario'.padEnd(62)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}  non-2xx  timeouts`,
  );
  const run = async ({ name: _name, ...load }: Load) => {
    const result = await autocannon({ ...load, duration: DURATION_SECONDS });
    await drained();
    return result;
  };
  console.log(line(`${reads.name}, alone`, await run(reads)));
  const [during, flood] = await Promise.all([run(reads), run(refusedClaim(25))]);
  console.log(line(`${reads.name}, beside the flood below`, during));
  console.log(line(`  the flood: ${refusedClaim(25).name}`, flood));
  for (const load of [write(1), refusedClaim(1), refusedRedeem, write(CONNECTIONS)])
    console.log(line(load.name, await run(load)));
}

/** Waits until requests a scenario left queued (its time-outs) are served, so the next starts clean. */
async function drained(): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const started = performance.now();
    await fetch(`${base}/api/health`).catch(() => undefined);
    if (performance.now() - started < 50) return;
  }
}

async function main(): Promise<void> {
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-api-bench-'));
  const large = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-api-bench-large-'));
  try {
    await withServer(fresh, async () => {
      const authorization = await tokenOf(DEMO_EMAIL);
      await benchScenarios(
        [
          { name: 'GET  /api/user/points/balance', url: `${base}/api/user/points/balance`, headers: authorization },
          { name: 'GET  /api/user/transactions/all', url: `${base}/api/user/transactions/all`, headers: authorization },
          {
            name: 'POST /api/auth/login',
            url: `${base}/api/auth/login`,
            method: 'POST' as const,
            headers: json,
            body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
          },
        ],
        { connections: CONNECTIONS, duration: DURATION_SECONDS },
      );
    });
    await writeLargeLedger(large);
    await withServer(large, largeLedger);
  } finally {
    fs.rmSync(fresh, { recursive: true, force: true });
    fs.rmSync(large, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
