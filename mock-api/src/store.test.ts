import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SnapshotFile } from './store/snapshot-file';
import { DATA_FILE_NAME, JOURNAL_FILE_NAME, openStore, readDataOnDisk, type Store } from './store/store';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_MEMBER_ID, buildSeed } from './store/seed';
import { startTestApi } from './testing/test-api';

const temporaryDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mock-api-store-'));
const seed = () => buildSeed('scrypt$1024$8$1$c2FsdA==$aGFzaA==', '2026-01-15');
/** A store that compacts only when told (or closed), so a test sees its journal. */
const openQuiet = (dir: string) => openStore(dir, seed, { compactWhenIdleMs: 0, compactAtBytes: Infinity });
const journalLines = (dir: string) =>
  fs
    .readFileSync(path.join(dir, JOURNAL_FILE_NAME), 'utf8')
    .split('\n')
    .filter((line) => line !== '');
const demoOf = (store: Pick<Store, 'data'>) => store.data.members.find((member) => member.id === DEMO_MEMBER_ID)!;

afterEach(() => jest.restoreAllMocks());

describe('the data file', () => {
  test('is written to a temporary file in the same folder, flushed, then renamed over', () => {
    const dir = temporaryDir();
    const file = path.join(dir, 'db.json');
    const snapshot = new SnapshotFile(file);
    const rename = jest.spyOn(fs, 'renameSync');
    const fsync = jest.spyOn(fs, 'fsyncSync');
    snapshot.write({ n: 1 });
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
    const snapshot = new SnapshotFile(file);
    snapshot.write({ n: 1 });
    jest.spyOn(fs, 'writeSync').mockImplementationOnce(() => {
      throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    });
    expect(() => snapshot.write({ n: 2 })).toThrow('disk full');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ n: 1 });
    expect(fs.readdirSync(dir)).toEqual(['db.json']);
  });

  test('a hand-broken data file is reported with the way out, not a bare parse error', () => {
    const dir = temporaryDir();
    fs.writeFileSync(path.join(dir, 'db.json'), '{"broken":');
    expect(() => openStore(dir, seed)).toThrow(/mock:reset/);
  });
});

describe('a transaction', () => {
  test('appends what it changed to the journal, flushed, and leaves db.json alone', () => {
    const dir = temporaryDir();
    const store = openQuiet(dir);
    const before = fs.readFileSync(store.file, 'utf8');
    const flush = jest.spyOn(fs, 'fdatasyncSync');
    store.transact((data) => void (data.meta.nextTransactionNumber = 42));
    expect(flush).toHaveBeenCalledTimes(1);
    expect(fs.readFileSync(store.file, 'utf8')).toBe(before);
    expect(journalLines(dir).map((line) => JSON.parse(line))).toEqual([
      { seq: 1, patches: [{ op: 'replace', path: ['meta', 'nextTransactionNumber'], value: 42 }] },
    ]);
    // A transaction that changes nothing writes nothing.
    store.transact((data) => data.members.length);
    expect(flush).toHaveBeenCalledTimes(1);
  });

  test('that is refused leaves the state as it was, without reading the disk again', () => {
    const dir = temporaryDir();
    const store = openQuiet(dir);
    const before = store.data;
    const read = jest.spyOn(fs, 'readFileSync');
    expect(() =>
      store.transact((data) => {
        data.members[0]!.failedLogins = 3;
        data.transactions.push({ ...data.transactions[0]!, id: 'half-made' });
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(read).not.toHaveBeenCalled();
    expect(store.data).toBe(before);
    expect(demoOf(store).failedLogins).toBe(0);
    expect(fs.existsSync(path.join(dir, JOURNAL_FILE_NAME)) ? journalLines(dir) : []).toEqual([]);
  });

  test('a record held from an earlier state cannot be changed: it throws instead of vanishing', () => {
    const store = openQuiet(temporaryDir());
    const held = demoOf(store);
    store.transact((data) => void (data.members[0]!.firstname = 'Later'));
    expect(() => {
      held.failedLogins = 0;
    }).toThrow(TypeError);
    expect(() => {
      demoOf(store).passwordHash = 'x';
    }).toThrow(TypeError);
    expect(() => store.data.transactions.push(store.data.transactions[0]!)).toThrow(TypeError);
    expect(demoOf(store).firstname).toBe('Later');
  });

  test('a journal write the disk refuses is not applied, leaves no torn line, and the next one works', () => {
    const dir = temporaryDir();
    const store = openQuiet(dir);
    store.transact((data) => void (data.meta.nextTransactionNumber = 10));
    const write = jest.spyOn(fs, 'writeSync').mockImplementationOnce((descriptor, buffer) => {
      // Half of the line reaches the file before the disk is full.
      fs.writeFileSync(descriptor as number, (buffer as unknown as Buffer).subarray(0, 20));
      throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    });
    expect(() => store.transact((data) => void (data.meta.nextTransactionNumber = 11))).toThrow('disk full');
    write.mockRestore();
    expect(store.data.meta.nextTransactionNumber).toBe(10);
    store.transact((data) => void (data.meta.nextTransactionNumber = 12));
    expect(journalLines(dir).map((line) => JSON.parse(line).seq)).toEqual([1, 2]);
    expect(readDataOnDisk(dir).meta.nextTransactionNumber).toBe(12);
  });
});

describe('the journal', () => {
  test('is replayed at start, compacted into db.json, and emptied', async () => {
    const dir = temporaryDir();
    const first = openQuiet(dir);
    for (let index = 1; index <= 5; index++)
      first.transact((data) => void data.revokedTokens.push({ jti: `t${index}`, exp: index }));
    // As a kill would leave it: nothing compacted.
    expect(JSON.parse(fs.readFileSync(first.file, 'utf8')).revokedTokens).toEqual([]);
    const second = openQuiet(dir);
    expect(second.data.revokedTokens.map((token) => token.jti)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(JSON.parse(fs.readFileSync(second.file, 'utf8')).revokedTokens).toHaveLength(5);
    expect(fs.statSync(second.journalFile).size).toBe(0);
    second.transact((data) => void data.revokedTokens.push({ jti: 't6', exp: 6 }));
    await second.close();
    // A stopped store leaves db.json whole and current, the journal empty.
    expect(JSON.parse(fs.readFileSync(second.file, 'utf8')).revokedTokens).toHaveLength(6);
    expect(fs.statSync(second.journalFile).size).toBe(0);
    expect(() => second.transact(() => undefined)).toThrow(/closed/);
  });

  test('a torn last line (a write cut by a crash, never answered) is left out', () => {
    const dir = temporaryDir();
    const store = openQuiet(dir);
    store.transact((data) => void (data.meta.nextTransactionNumber = 7));
    fs.appendFileSync(store.journalFile, '{"seq":2,"patches":[{"op":"replace","path":["meta","nextTr');
    expect(readDataOnDisk(dir).meta.nextTransactionNumber).toBe(7);
    const reopened = openQuiet(dir);
    expect(reopened.data.meta.nextTransactionNumber).toBe(7);
    // The torn line is gone, so the next entry is readable after restart.
    reopened.transact((data) => void (data.meta.nextTransactionNumber = 8));
    expect(openQuiet(dir).data.meta.nextTransactionNumber).toBe(8);
  });

  test('a broken line before the last stops the start with the way out', () => {
    const dir = temporaryDir();
    const store = openQuiet(dir);
    store.transact((data) => void (data.meta.nextTransactionNumber = 7));
    const lines = journalLines(dir);
    fs.writeFileSync(store.journalFile, `{"seq":1,"pat\n${lines[0]}\n`);
    expect(() => openQuiet(dir)).toThrow(/line 1 .*mock:reset/);
  });

  test('entries db.json already holds are not applied twice (a crash between the two writes)', async () => {
    const dir = temporaryDir();
    const store = openQuiet(dir);
    store.transact((data) => void data.revokedTokens.push({ jti: 'a', exp: 1 }));
    const journal = fs.readFileSync(store.journalFile);
    await store.compact();
    // The data file holds the entry; put the old journal back, as a crash before its cut would leave it.
    fs.writeFileSync(store.journalFile, journal);
    expect(openQuiet(dir).data.revokedTokens).toEqual([{ jti: 'a', exp: 1 }]);
  });

  test('writes made while a compaction runs stay in the journal', async () => {
    const dir = temporaryDir();
    const store = openQuiet(dir);
    store.transact((data) => void data.revokedTokens.push({ jti: 'before', exp: 1 }));
    const compaction = store.compact();
    store.transact((data) => void data.revokedTokens.push({ jti: 'during', exp: 2 }));
    await compaction;
    expect(JSON.parse(fs.readFileSync(store.file, 'utf8')).revokedTokens).toEqual([{ jti: 'before', exp: 1 }]);
    expect(journalLines(dir).map((line) => JSON.parse(line).seq)).toEqual([2]);
    expect(readDataOnDisk(dir).revokedTokens.map((token) => token.jti)).toEqual(['before', 'during']);
  });

  test('left without its data file (a reset, a deleted db.json), it is dropped with the old state', () => {
    const dir = temporaryDir();
    const store = openQuiet(dir);
    store.transact((data) => void (data.meta.nextTransactionNumber = 99));
    fs.rmSync(store.file);
    expect(openQuiet(dir).data.meta.nextTransactionNumber).toBe(seed().meta.nextTransactionNumber);
  });

  test('grown past its limit, it is compacted in the background', async () => {
    const dir = temporaryDir();
    const store = openStore(dir, seed, { compactWhenIdleMs: 0, compactAtBytes: 2000 });
    const background = jest.spyOn(SnapshotFile.prototype, 'writeInBackground');
    for (let index = 0; index < 40; index++)
      store.transact((data) => void data.revokedTokens.push({ jti: `token-${index}`, exp: index }));
    // Started right after the write that crossed the limit, not by anything this test calls.
    await new Promise((resolve) => setImmediate(resolve));
    expect(background).toHaveBeenCalledTimes(1);
    await store.compact();
    expect(fs.statSync(store.journalFile).size).toBeLessThan(2000);
    expect(readDataOnDisk(dir).revokedTokens).toHaveLength(40);
    expect(JSON.parse(fs.readFileSync(store.file, 'utf8')).revokedTokens.length).toBeGreaterThan(30);
    await store.close();
  });
});

test('killing a writing process at any moment loses no acknowledged write and leaves whole files', async () => {
  const dir = temporaryDir();
  let acknowledged = 0;
  for (let run = 0; run < 6; run++) {
    // Every other run compacts often, so kills land inside compactions too.
    const child = fork(path.join(__dirname, 'testing', 'write-forever.ts'), [dir, run % 2 ? '20000' : ''], {
      execArgv: ['--import', 'tsx'],
      stdio: 'ignore',
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('error', reject);
    });
    // The kill lands some time after the first acknowledged write, however slow the machine is.
    await new Promise<void>((resolve) =>
      child.on('message', (round) => {
        if (typeof round !== 'number') return;
        acknowledged = round;
        resolve();
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 30 + run * 40));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(acknowledged).toBeGreaterThan(0);
    // db.json is whole JSON at any moment; with the journal it holds every acknowledged round.
    JSON.parse(fs.readFileSync(path.join(dir, DATA_FILE_NAME), 'utf8'));
    const outbox = readDataOnDisk(dir).outbox;
    expect(Number(outbox.at(-1)?.body)).toBeGreaterThanOrEqual(acknowledged);
    acknowledged = 0;
  }
}, 60_000);

test('an answered write is already on disk', async () => {
  const api = await startTestApi();
  try {
    const token = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
    const reply = await api.call('POST', '/api/user/points/claim', {
      token,
      body: { bookingId: 'BK-1003', bookingDate: '2030-06-01' },
    });
    expect(reply.status).toBe(201);
    const onDisk = readDataOnDisk(api.dataDir);
    expect(onDisk.transactions.some((transaction) => transaction.bookingId === 'BK-1003')).toBe(true);
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
  // Stopped, the API leaves everything in db.json, readable as it always was.
  const file = JSON.parse(fs.readFileSync(path.join(dir, DATA_FILE_NAME), 'utf8'));
  expect(file.transactions.filter((transaction: { kind: string }) => transaction.kind === 'debit')).toHaveLength(2);
  const second = await startTestApi({ dataDir: dir, jwtSecret: undefined });
  try {
    const balance = await second.call('GET', '/api/user/points/balance', { token });
    expect(balance).toMatchObject({ status: 200, body: { data: { pointBalance: 600 } } });
    expect(fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
  } finally {
    await second.close();
  }
});
