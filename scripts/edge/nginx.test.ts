import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as nginxProcess from './nginx.mjs';

const { removeStaleRuntimeDirs, workerUserFor } = nginxProcess as {
  removeStaleRuntimeDirs(parent: string, prefix: string): void;
  workerUserFor(folders: string[]): string | null;
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

test("started as root, nginx's workers run as nobody where the folders are open, and as their owner where they are not", () => {
  const asRoot = process.getuid?.() === 0;
  const open = path.join(parent, 'open');
  const closed = path.join(parent, 'closed', 'inside');
  mkdirSync(open);
  mkdirSync(closed, { recursive: true });
  chmodSync(parent, 0o755);
  chmodSync(path.join(parent, 'closed'), 0o700);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    if (!asRoot) {
      expect(workerUserFor([open])).toBeNull();
      expect(workerUserFor([closed])).toBeNull();
      return;
    }
    expect(workerUserFor([open])).toMatch(/^nobody (nogroup|nobody)$/);
    // A private checkout made by root: only root can read it, so the workers run as root.
    expect(workerUserFor([open, closed])).toBe('root root');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(path.join(parent, 'closed', 'inside')));
  } finally {
    warn.mockRestore();
  }
});
