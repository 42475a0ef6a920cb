import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as nginxProcess from './nginx.mjs';

const { assertReadableByWorkers, removeStaleRuntimeDirs, workerUser } = nginxProcess as {
  assertReadableByWorkers(folders: string[]): void;
  removeStaleRuntimeDirs(parent: string, prefix: string): void;
  workerUser(): string | null;
};

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'edge-runtime-'));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

test('the folders of edges that were killed are removed, and only those', () => {
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const folders = { killed: 'loyalty-edge-a', running: 'loyalty-edge-b', starting: 'loyalty-edge-c', other: 'other-d' };
  for (const name of Object.values(folders)) mkdirSync(path.join(parent, name));
  writeFileSync(path.join(parent, folders.killed, 'nginx.pid'), gone.stdout);
  writeFileSync(path.join(parent, folders.running, 'nginx.pid'), String(process.pid));
  writeFileSync(path.join(parent, folders.other, 'nginx.pid'), gone.stdout);
  removeStaleRuntimeDirs(parent, 'loyalty-edge-');
  expect(Object.values(folders).filter((name) => existsSync(path.join(parent, name)))).toEqual([
    folders.running,
    folders.starting,
    folders.other,
  ]);
});

test("started as root, nginx's workers run as nobody, and a folder they cannot read is refused by name", () => {
  const asRoot = process.getuid?.() === 0;
  expect(workerUser() === null).toBe(!asRoot);
  const open = path.join(parent, 'open');
  const closed = path.join(parent, 'closed', 'inside');
  mkdirSync(open);
  mkdirSync(closed, { recursive: true });
  chmodSync(parent, 0o755);
  chmodSync(path.join(parent, 'closed'), 0o700);
  expect(() => assertReadableByWorkers([open])).not.toThrow();
  if (asRoot) expect(() => assertReadableByWorkers([closed])).toThrow(path.join(parent, 'closed'));
  else expect(() => assertReadableByWorkers([closed])).not.toThrow();
});
