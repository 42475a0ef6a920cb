import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answersOk, waitUntil } from './wait-until.mjs';

describe('waitUntil', () => {
  it('resolves once the check holds, taking a rejected check for "not yet"', async () => {
    let calls = 0;
    const check = async () => {
      calls += 1;
      if (calls < 3) throw new Error('connection refused');
      return calls >= 4;
    };
    await waitUntil(check, { what: 'The server', timeoutMs: 5_000, intervalMs: 10 });
    expect(calls).toBe(4);
  });

  it('gives up when the process it waits for has exited, naming it and its code', async () => {
    const child = spawn(process.execPath, ['-e', 'process.exit(3)']);
    await once(child, 'exit');
    await expect(
      waitUntil(async () => false, { what: 'The mock API', timeoutMs: 5_000, child, intervalMs: 10 }),
    ).rejects.toThrow('The mock API exited with code 3');
  });

  it('gives up after its time, and stops the process it started', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
    const started = Date.now();
    await expect(
      waitUntil(async () => false, { what: 'Prometheus', timeoutMs: 200, child, intervalMs: 20 }),
    ).rejects.toThrow('Prometheus did not start within 0.2 s');
    expect(Date.now() - started).toBeLessThan(2_000);
    const [, signal] = await exited;
    expect(signal).toBe('SIGTERM');
  });
});

describe('a server that takes the connection and never answers', () => {
  it('is given up at the deadline, and each try at its own limit', async () => {
    const server = createServer(() => undefined);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/-/ready`;
    try {
      let started = Date.now();
      await expect(answersOk(url, fetch, 200)()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2_000);
      started = Date.now();
      await expect(
        waitUntil(answersOk(url, fetch, 60_000), { what: 'Prometheus', timeoutMs: 300, intervalMs: 20 }),
      ).rejects.toThrow('Prometheus did not start within 0.3 s');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('answersOk', () => {
  it('holds for a 2xx answer only', async () => {
    let status = 503;
    const server = createServer((_request, response) => response.writeHead(status).end());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
    try {
      await expect(answersOk(url)()).resolves.toBe(false);
      status = 200;
      await expect(answersOk(url)()).resolves.toBe(true);
    } finally {
      server.close();
    }
  });
});
