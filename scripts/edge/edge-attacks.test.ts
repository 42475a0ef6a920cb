import { execFileSync, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import localTls from '../lib/local-tls.cjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import { startTestEdge, tlsPageSite } from './edge-for-tests.mjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as policy from './policy.mjs';

const { EDGE_LIMITS, TLS_PROFILE, LOCAL_STRICT_TRANSPORT_SECURITY } = policy as {
  EDGE_LIMITS: Record<string, number>;
  TLS_PROFILE: { tls12Ciphers: string[] };
  LOCAL_STRICT_TRANSPORT_SECURITY: string;
};

// The preview's edge (TLS with HTTP/2, the API behind `/api/`) under the attacks it must
// withstand: bodies trickled or stalled, a reconnecting rapid-reset flood, and what a scanner of
// its TLS sees. Clients come from several loopback addresses (127.0.0.x), each a client address
// of its own for the edge's per-address limits.
const PAGE = '<!doctype html><title>page</title>';
const FLOOD_SCRIPT = path.join(__dirname, 'rapid-reset-flood.mjs');

let folder: string;
let authority: Buffer;
let certificate: X509Certificate;
let api: http.Server;
let edge: Awaited<ReturnType<typeof startTestEdge>>;
const origin = () => edge.origins.shell!;
const port = () => Number(new URL(origin()).port);

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'edge-attacks-test-'));
  const root = path.join(folder, 'shell');
  execFileSync('mkdir', ['-p', root]);
  writeFileSync(path.join(root, 'index.html'), PAGE);
  execFileSync('chmod', ['go+x', folder]);
  execFileSync('chmod', ['-R', 'go+rX', root]);
  const files = await localTls.ensureLocalCertificate(['localhost', '127.0.0.1'], path.join(folder, 'tls'));
  authority = readFileSync(files.authority);
  certificate = new X509Certificate(readFileSync(files.certificate));
  // The API: answers once it has the whole body, with its length.
  api = http.createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ bytes }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  edge = await startTestEdge([
    tlsPageSite({ root, tls: files, apiUpstream: `http://127.0.0.1:${(api.address() as AddressInfo).port}` }),
  ]);
}, 60_000);

afterAll(async () => {
  await edge?.stop();
  await new Promise((resolve) => api?.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request over HTTP/1.1 on TLS from `localAddress`: its status and headers. */
function request1(
  pathname: string,
  { localAddress = '127.0.0.1', method = 'GET', body }: { localAddress?: string; method?: string; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const sent = https.request(
      `${origin()}${pathname}`,
      { method, ca: authority, servername: 'localhost', localAddress, agent: false },
      (answer) => {
        answer.resume();
        answer.once('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers }));
      },
    );
    sent.once('error', reject);
    sent.end(body);
  });
}

type Held = { status: string | null; ms: number; ended: 'answered' | 'closed' | 'gave up' };

/**
 * A POST to the API over HTTP/1.1 on TLS whose body is announced as 100 bytes and sent one byte
 * now and one every `trickleMs` (or never again): its status line, if any, and when it ended.
 */
function slowBody({ localAddress, waitMs, trickleMs }: { localAddress: string; waitMs: number; trickleMs?: number }) {
  return new Promise<Held>((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = tls.connect(
      { host: '127.0.0.1', port: port(), ca: authority, servername: 'localhost', localAddress },
      () => socket.write('POST /api/form HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{'),
    );
    const trickle = trickleMs ? setInterval(() => socket.writable && socket.write(' '), trickleMs) : null;
    const end = (ended: Held['ended']) => {
      clearTimeout(giveUp);
      if (trickle) clearInterval(trickle);
      socket.destroy();
      resolve({ status: answer.split('\r\n')[0] || null, ms: Date.now() - started, ended });
    };
    const giveUp = setTimeout(() => end('gave up'), waitMs);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) end('answered');
    });
    socket.on('error', () => undefined);
    socket.once('close', () => end('closed'));
  });
}

/** The same over HTTP/2: the stream's status, if answered, and when it ended. */
function slowBodyOverHttp2({ waitMs, trickleMs }: { waitMs: number; trickleMs: number }) {
  return new Promise<{ status: number | null; ms: number; ended: 'closed' | 'gave up' }>((resolve) => {
    const started = Date.now();
    const session = http2.connect(origin(), { ca: authority, servername: 'localhost' });
    session.on('error', () => undefined);
    let status: number | null = null;
    const stream = session.request({ ':method': 'POST', ':path': '/api/form', 'content-length': '100' });
    stream.on('error', () => undefined);
    stream.on('response', (headers) => (status = Number(headers[':status'])));
    stream.resume();
    stream.write('{');
    const trickle = setInterval(() => !stream.closed && stream.write(' '), trickleMs);
    const end = (ended: 'closed' | 'gave up') => {
      clearTimeout(giveUp);
      clearInterval(trickle);
      session.destroy();
      resolve({ status, ms: Date.now() - started, ended });
    };
    const giveUp = setTimeout(() => end('gave up'), waitMs);
    stream.once('close', () => end('closed'));
  });
}

describe('slow bodies', () => {
  // The attack: a byte every 8 s, under any per-read time-out of 10 s.
  const TRICKLE_MS = 8000;
  const deadlineMs = (EDGE_LIMITS.bodySeconds! + 3) * 1000;

  it('closes a body trickled a byte every 8 s within its deadline, over HTTP/1.1 and HTTP/2, and the API never sees it', async () => {
    const [overHttp1, overHttp2] = await Promise.all([
      slowBody({ localAddress: '127.0.0.2', waitMs: deadlineMs + 4000, trickleMs: TRICKLE_MS }),
      slowBodyOverHttp2({ waitMs: deadlineMs + 4000, trickleMs: TRICKLE_MS }),
    ]);
    // nginx ends a timed-out body by closing it (it logs 408 and sends nothing over HTTP/1.1).
    expect(overHttp1).toMatchObject({ ended: 'closed', status: null });
    expect(overHttp1.ms).toBeLessThan(deadlineMs);
    expect(overHttp2.ended).toBe('closed');
    expect([null, 408]).toContain(overHttp2.status);
    expect(overHttp2.ms).toBeLessThan(deadlineMs);
  }, 30_000);

  it('holds no more stalled bodies of one address than its limit, and serves that address and another meanwhile', async () => {
    const limit = EDGE_LIMITS.bodiesInProgressPerClient!;
    const extra = 5;
    const held = Array.from({ length: limit + extra }, () =>
      slowBody({ localAddress: '127.0.0.3', waitMs: (EDGE_LIMITS.bodySeconds! + 10) * 1000 }),
    );
    // Those beyond the limit are refused at once, while the others are still held.
    const refused = await Promise.race([
      Promise.all(held).then(() => 'all ended before any was refused'),
      (async () => {
        for (let attempt = 0; attempt < 40; attempt += 1) {
          await sleep(100);
          const ended = await Promise.all(held.map((one) => Promise.race([one, sleep(0).then(() => null)])));
          const tooMany = ended.filter((one) => one?.status === 'HTTP/1.1 429 Too Many Requests');
          if (tooMany.length >= extra) return tooMany.length;
        }
        return 0;
      })(),
    ]);
    expect(refused).toBe(extra);
    // The same address still gets pages, another address still gets the API.
    expect((await request1('/', { localAddress: '127.0.0.3' })).status).toBe(200);
    expect((await request1('/api/form', { localAddress: '127.0.0.4', method: 'POST', body: '{"a":1}' })).status).toBe(
      200,
    );
    const outcomes = await Promise.all(held);
    expect(outcomes.filter((one) => one.status === null && one.ended === 'closed')).toHaveLength(limit);
  }, 40_000);

  it('refuses a body where nothing takes one, before reading it', async () => {
    const body = 'x'.repeat(EDGE_LIMITS.otherBodyBytes! + 1);
    expect((await request1('/dashboard', { method: 'POST', body })).status).toBe(413);
    expect((await request1('/api/form', { method: 'POST', body })).status).toBe(200);
  });
});

describe('TLS as Mozilla intermediate profile has it', () => {
  /** Whether the edge completes a handshake of `version` offering only `cipher`. */
  const accepts = (cipher: string, version: tls.SecureVersion) =>
    new Promise<boolean>((resolve) => {
      let socket: tls.TLSSocket;
      try {
        socket = tls.connect({
          host: '127.0.0.1',
          port: port(),
          servername: 'localhost',
          ca: authority,
          ciphers: cipher,
          minVersion: version,
          maxVersion: version,
        });
      } catch {
        resolve(false); // a suite this Node cannot offer at all
        return;
      }
      socket.once('secureConnect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });

  it('accepts exactly the profile TLS 1.2 suites for its key, and nothing below TLS 1.2', async () => {
    const keyType = certificate.publicKey.asymmetricKeyType === 'ec' ? 'ECDSA' : 'RSA';
    const expected = TLS_PROFILE.tls12Ciphers.filter((cipher) => cipher.startsWith(`ECDHE-${keyType}-`)).sort();
    // Every suite this Node's OpenSSL knows, offered alone (TLS 1.3's are not TLS 1.2 suites).
    const suites = tls
      .getCiphers()
      .map((name) => name.toUpperCase())
      .filter((name) => !name.startsWith('TLS_'));
    const accepted: string[] = [];
    for (let at = 0; at < suites.length; at += 16) {
      const batch = suites.slice(at, at + 16);
      const results = await Promise.all(batch.map((cipher) => accepts(cipher, 'TLSv1.2')));
      accepted.push(...batch.filter((_, index) => results[index]));
    }
    expect(accepted.sort()).toEqual(expected);
    expect(await accepts(expected[0]!, 'TLSv1.3')).toBe(true);
    expect(await accepts('ALL:@SECLEVEL=0', 'TLSv1.1')).toBe(false);
  }, 30_000);

  it('tells browsers to come back over HTTPS only, briefly, on pages and on the API', async () => {
    for (const pathname of ['/', '/dashboard', '/api/form', '/missing.js']) {
      expect((await request1(pathname)).headers['strict-transport-security']).toBe(LOCAL_STRICT_TRANSPORT_SECURITY);
    }
  });
});

/** A page over HTTP/2 on a connection of its own from `localAddress`: its status, 0 if it failed. */
function pageOnNewConnection(localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const session = http2.connect(origin(), { ca: authority, servername: 'localhost', localAddress });
    const done = (status: number) => {
      session.destroy();
      resolve(status);
    };
    session.on('error', () => done(0));
    const stream = session.request({ ':path': '/' });
    stream.on('response', (headers) => {
      stream.resume();
      stream.once('end', () => done(Number(headers[':status'])));
    });
    stream.once('error', () => done(0));
    stream.end();
  });
}

describe('HTTP/2 streams per address', () => {
  /** `count` GETs of the page over HTTP/2 from `localAddress`, on connections of `perConnection`: their statuses. */
  async function streams(localAddress: string, count: number, perConnection: number) {
    const statuses: number[] = [];
    for (let at = 0; at < count; at += perConnection) {
      const session = http2.connect(origin(), { ca: authority, servername: 'localhost', localAddress });
      session.on('error', () => undefined);
      await Promise.all(
        Array.from(
          { length: Math.min(perConnection, count - at) },
          () =>
            new Promise<void>((resolve) => {
              const stream = session.request({ ':path': '/' });
              stream.on('response', (headers) => statuses.push(Number(headers[':status'])));
              stream.on('error', () => resolve());
              stream.on('close', () => resolve());
              stream.resume();
              stream.end();
            }),
        ),
      );
      session.destroy();
    }
    return statuses;
  }

  it('refuses an address its streams beyond its burst with 429, and serves another address meanwhile', async () => {
    // Far more than the burst, sent as fast as the machine allows: the rate refills only so much meanwhile.
    const count = EDGE_LIMITS.http2StreamBurstPerClient! * 4;
    const started = Date.now();
    const [flooding, other] = await Promise.all([
      streams('127.0.0.6', count, 500),
      sleep(200).then(() => streams('127.0.0.7', 5, 5)),
    ]);
    const seconds = (Date.now() - started) / 1000;
    const refilled = EDGE_LIMITS.http2StreamBurstPerClient! + EDGE_LIMITS.http2StreamsPerSecondPerClient! * seconds;
    // Only meaningful while the streams came faster than the rate refills.
    expect(refilled).toBeLessThan(count);
    expect(flooding.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(flooding.filter((status) => status === 200).length).toBeLessThanOrEqual(Math.ceil(refilled) + 1);
    expect(other).toEqual([200, 200, 200, 200, 200]);
  }, 20_000);
});

describe('a reconnecting rapid-reset flood', () => {
  /** The flood, in a process of its own; resolves with what it sent. */
  const flood = (seconds: number) =>
    new Promise<{ streams: number; sessions: number; seconds: number }>((resolve, reject) => {
      const child = spawn(process.execPath, [FLOOD_SCRIPT, origin(), String(seconds), '16', '200'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', reject);
      child.once('exit', () => resolve(JSON.parse(output)));
    });

  /**
   * Other members' page loads until `done()`: each on a connection of its own from 127.0.0.5 (a
   * TLS handshake and a page).
   */
  async function pageLoads(done: () => boolean) {
    const latencies: number[] = [];
    const statuses: number[] = [];
    while (!done()) {
      const started = performance.now();
      statuses.push(await pageOnNewConnection('127.0.0.5'));
      latencies.push(performance.now() - started);
      await sleep(10);
    }
    latencies.sort((a, b) => a - b);
    const p = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!);
    return { statuses, count: latencies.length, p50: p(0.5), p99: p(0.99), max: p(1) };
  }

  /** The other client's page loads without the flood, then with it: what the flood added. */
  async function measureOnce() {
    // The same loads without the flood first: what the machine gives now, whatever else runs on it.
    const quietUntil = Date.now() + 2000;
    const quiet = await pageLoads(() => Date.now() >= quietUntil);
    let done = false;
    const flooding = flood(5).finally(() => (done = true));
    await sleep(300);
    const loud = await pageLoads(() => done);
    const sent = await flooding;
    console.log(
      `rapid reset: ${Math.round(sent.streams / sent.seconds)} streams/s on ${sent.sessions} connections; ` +
        `the other client without the flood: ${quiet.count} requests, p50 ${quiet.p50} ms, p99 ${quiet.p99} ms, ` +
        `max ${quiet.max} ms; with it: ${loud.count} requests, p50 ${loud.p50} ms, p99 ${loud.p99} ms, max ${loud.max} ms`,
    );
    return { quiet, loud };
  }

  it("leaves another client's page loads answered fast", async () => {
    // The flood added 952 ms to the other client's p99 before the per-address stream limit, on
    // every measurement; on a machine otherwise idle it now adds under 100 ms. A busy machine (the
    // flood shares its two cores with whatever else runs) can add its own few hundred ms to one
    // measurement's p99, the second-slowest of about 150 loads: so up to three measurements, and
    // the attack wins only if every one of them is slow.
    const added: number[] = [];
    for (let attempt = 0; attempt < 3 && !added.some((ms) => ms < 500); attempt += 1) {
      const { quiet, loud } = await measureOnce();
      expect(loud.statuses.every((status) => status === 200)).toBe(true);
      added.push(loud.p99 - quiet.p99);
    }
    expect(Math.min(...added)).toBeLessThan(500);
  }, 60_000);
});
