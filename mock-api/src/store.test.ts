import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AtomicFileAdapter } from './store/atomic-file-adapter';
import { DATA_FILE_NAME } from './store/store';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { startTestApi } from './testing/test-api';

const temporaryDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mock-api-store-'));

afterEach(() => jest.restoreAllMocks());

test('a write goes to a temporary file in the same folder, flushed, then renamed over the data file', () => {
  const dir = temporaryDir();
  const file = path.join(dir, 'db.json');
  const adapter = new AtomicFileAdapter(file, () => ({ n: 0 }));
  const rename = jest.spyOn(fs, 'renameSync');
  const fsync = jest.spyOn(fs, 'fsyncSync');
  adapter.write({ n: 1 });
  expect(fsync).toHaveBeenCalled();
  expect(fsync.mock.invocationCallOrder[0]).toBeLessThan(rename.mock.invocationCallOrder[0]!);
  expect(rename).toHaveBeenCalledTimes(1);
  const [from, to] = rename.mock.calls[0]!;
  expect(path.dirname(String(from))).toBe(dir);
  expect(String(from)).not.toBe(file);
  expect(to).toBe(file);
  expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ n: 1 });
  expect(fs.readdirSync(dir)).toEqual(['db.json']);
});

test('a write that fails half-way leaves the previous file intact and no temporary file', () => {
  const dir = temporaryDir();
  const file = path.join(dir, 'db.json');
  const adapter = new AtomicFileAdapter(file, () => ({ n: 0 }));
  adapter.write({ n: 1 });
  jest.spyOn(fs, 'writeSync').mockImplementationOnce(() => {
    throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
  });
  expect(() => adapter.write({ n: 2 })).toThrow('disk full');
  expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ n: 1 });
  expect(fs.readdirSync(dir)).toEqual(['db.json']);
});

test('a hand-broken data file is reported with the way out, not a bare parse error', () => {
  const dir = temporaryDir();
  const file = path.join(dir, 'db.json');
  fs.writeFileSync(file, '{"broken":');
  expect(() => new AtomicFileAdapter(file, () => ({})).read()).toThrow(/mock:reset/);
});

test('killing a writing process at any moment leaves a whole JSON file', async () => {
  const dir = temporaryDir();
  const file = path.join(dir, DATA_FILE_NAME);
  for (let run = 0; run < 4; run++) {
    const child = fork(path.join(__dirname, 'testing', 'write-forever.ts'), [dir], {
      execArgv: ['--import', 'tsx'],
      stdio: 'ignore',
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 30 + run * 40));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const state = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(state.outbox.length).toBeGreaterThan(0);
  }
}, 30_000);

test('an answered write is already on disk', async () => {
  const api = await startTestApi();
  try {
    const token = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
    const reply = await api.call('POST', '/api/user/points/claim', {
      token,
      body: { bookingId: 'BK-1003', bookingDate: '2030-06-01' },
    });
    expect(reply.status).toBe(201);
    const onDisk = JSON.parse(fs.readFileSync(path.join(api.dataDir, DATA_FILE_NAME), 'utf8'));
    expect(onDisk.transactions.some((transaction: { bookingId?: string }) => transaction.bookingId === 'BK-1003')).toBe(
      true,
    );
  } finally {
    await api.close();
  }
});

test('the data survives a restart on the same folder, and the generated secret keeps tokens valid', async () => {
  const dir = temporaryDir();
  const first = await startTestApi({ dataDir: dir, jwtSecret: undefined });
  const token = await first.login(DEMO_EMAIL, DEMO_PASSWORD);
  await first.call('POST', '/api/user/points/redeem', { token, body: { points: 50 } });
  await first.close();
  const second = await startTestApi({ dataDir: dir, jwtSecret: undefined });
  try {
    const balance = await second.call('GET', '/api/user/points/balance', { token });
    expect(balance).toMatchObject({ status: 200, body: { data: { pointBalance: 600 } } });
    expect(fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
  } finally {
    await second.close();
  }
});
