import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import { startTestEdge } from './edge-for-tests.mjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as policy from './policy.mjs';

const { EDGE_LIMITS, REPORTER_MINT_PATH } = policy as {
  EDGE_LIMITS: Record<string, number>;
  REPORTER_MINT_PATH: string;
};

// A script as the build leaves it: the file, and beside it its Brotli and gzip variants.
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text number ${i}`))};`;
const PAGE = '<!doctype html><title>page</title>';
const CSP = "default-src 'self'; script-src 'self'";
const LINKS = {
  boundaries: [
    { path: '/dashboard', exact: false, link: '<https://cdn.example/points.js>; rel=preload; as=script' },
    { path: '/auth', exact: false, link: '<https://cdn.example/auth.js>; rel=preload; as=script' },
    { path: '/', exact: true, link: '<https://cdn.example/auth.js>; rel=preload; as=script' },
  ],
  otherwise: '<https://cdn.example>; rel=preconnect',
};

type Seen = Array<{ url: string; headers: IncomingHttpHeaders; bytes: number }>;
/** The requests the API behind the edge received, and the headers of each. */
const apiSaw: Seen = [];
/** The same for the two telemetry receivers behind it, by receiver. */
const receiverSaw: [Seen, Seen] = [[], []];

/** A server that answers every request with its path, noting what it received in `saw`. */
function upstreamServer(saw: Seen): http.Server {
  return http.createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      saw.push({ url: request.url ?? '', headers: request.headers, bytes });
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ path: request.url }));
    });
  });
}
const listening = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

let edge: Awaited<ReturnType<typeof startTestEdge>>;
let api: http.Server;
let receivers: http.Server[];
let folder: string;
const shell = () => edge.origins.shell!;
const remote = () => edge.origins.remote!;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'edge-test-'));
  const [shellRoot, deployed, local] = ['shell', 'deployed', 'local'].map((name) => path.join(folder, name));
  mkdirSync(shellRoot);
  mkdirSync(path.join(deployed!, '1.0.0'), { recursive: true });
  mkdirSync(local!);
  writeFileSync(path.join(shellRoot!, 'index.html'), PAGE);
  writeFileSync(path.join(shellRoot!, 'main.js'), SCRIPT);
  writeFileSync(path.join(shellRoot!, 'app.0123456789.js'), SCRIPT);
  writeFileSync(path.join(shellRoot!, 'app.0123456789.js.br'), zlib.brotliCompressSync(SCRIPT));
  writeFileSync(path.join(shellRoot!, 'app.0123456789.js.gz'), zlib.gzipSync(SCRIPT));
  writeFileSync(path.join(deployed!, '1.0.0', 'remoteEntry.js'), '/* 1.0.0 */');
  writeFileSync(path.join(local!, 'remoteEntry.js'), '/* local */');
  writeFileSync(path.join(local!, 'index.html'), PAGE);
  execFileSync('chmod', ['-R', 'go+rX', folder]);

  api = upstreamServer(apiSaw);
  const apiOrigin = await listening(api);
  receivers = receiverSaw.map(upstreamServer);
  const receiverOrigins = await Promise.all(receivers.map(listening));

  edge = await startTestEdge([
    {
      name: 'shell',
      roots: [shellRoot],
      pageRoot: shellRoot,
      pages: true,
      cors: false,
      documents: { '/release-manifest.json': { revision: 7, actor: 'a$b' } },
      contentSecurityPolicy: CSP,
      reportUrl: 'http://localhost:8080/telemetry/v1/csp',
      pageLinks: LINKS,
      apiUpstream: apiOrigin,
      telemetryUpstreams: receiverOrigins,
    },
    { name: 'remote', roots: [deployed, local], pageRoot: local, pages: true, cors: true, contentSecurityPolicy: CSP },
  ]);
}, 60_000);

afterAll(async () => {
  await edge?.stop();
  await new Promise((resolve) => api?.close(resolve));
  for (const receiver of receivers ?? []) await new Promise((resolve) => receiver.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

/** One raw request on a socket of its own: what came back (the status line), or how it ended. */
function raw(origin: string, text: string | Buffer, { waitMs = 3000 } = {}): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    const giveUp = setTimeout(() => socket.destroy(), waitMs);
    const end = (how: string) => {
      clearTimeout(giveUp);
      resolve(answer.split('\r\n')[0] || how);
    };
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => end('closed'));
    socket.on('error', () => end('reset'));
    socket.write(text);
  });
}

describe('files', () => {
  it('go out in the best precompressed encoding the browser accepts, Brotli first', async () => {
    const file = `${shell()}/app.0123456789.js`;
    const encodingFor = async (accept: string) =>
      (await fetch(file, { headers: { 'accept-encoding': accept } })).headers.get('content-encoding');
    if (edge.brotli) expect(await encodingFor('gzip, deflate, br')).toBe('br');
    expect(await encodingFor('gzip')).toBe('gzip');
    expect(await encodingFor('identity')).toBeNull();
    const answer = await fetch(file, { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers.get('vary')).toBe('Accept-Encoding');
    expect(await answer.text()).toBe(SCRIPT);
  });

  it('are cached for a year when their name holds their hash, else revalidated', async () => {
    const hashed = await fetch(`${shell()}/app.0123456789.js`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await fetch(`${shell()}/main.js`)).headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(`${shell()}/gone.0123456789.js`);
    expect(missing.status).toBe(404);
    // A 404 is never cached for a year.
    expect(missing.headers.get('cache-control')).toBeNull();
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("come from a remote's versions first, then its local build, with CORS", async () => {
    const versioned = await fetch(`${remote()}/1.0.0/remoteEntry.js`);
    expect(await versioned.text()).toBe('/* 1.0.0 */');
    expect(versioned.headers.get('access-control-allow-origin')).toBe('*');
    expect(await (await fetch(`${remote()}/remoteEntry.js`)).text()).toBe('/* local */');
    expect((await fetch(`${remote()}/2.0.0/remoteEntry.js`)).status).toBe(404);
  });
});

describe('pages', () => {
  it("are the app's page for any path without an extension, with the page headers", async () => {
    for (const pathname of ['/', '/dashboard/claim', '/index.html', '/a.b/c']) {
      const answer = await fetch(`${shell()}${pathname}`);
      expect([pathname, answer.status, await answer.text()]).toEqual([pathname, 200, PAGE]);
      expect(answer.headers.get('content-security-policy')).toBe(CSP);
      expect(answer.headers.get('reporting-endpoints')).toBe('csp="http://localhost:8080/telemetry/v1/csp"');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(answer.headers.get('permissions-policy')).toContain('camera=()');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
    // Files carry none of them.
    expect((await fetch(`${shell()}/main.js`)).headers.get('content-security-policy')).toBeNull();
  });

  it('are answered whole on every load, never 304: their headers change with releases', async () => {
    const first = await fetch(`${shell()}/dashboard`);
    expect(first.headers.get('etag')).toBeNull();
    const again = await fetch(`${shell()}/dashboard`, {
      headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString(), 'if-none-match': '*' },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('content-security-policy')).toBe(CSP);
  });

  it('name the preloads of the path they are at, the deepest boundary winning', async () => {
    const linkAt = async (pathname: string) => (await fetch(`${shell()}${pathname}`)).headers.get('link');
    const cases: Array<[string, string]> = [
      ['/', LINKS.boundaries[2]!.link],
      ['/?returnTo=%2Fx', LINKS.boundaries[2]!.link],
      ['/auth', LINKS.boundaries[1]!.link],
      ['/auth/login?x=1', LINKS.boundaries[1]!.link],
      ['/dashboard/claim', LINKS.boundaries[0]!.link],
      ['/authority', LINKS.otherwise],
      ['/x/dashboard', LINKS.otherwise],
    ];
    for (const [pathname, link] of cases) expect([pathname, await linkAt(pathname)]).toEqual([pathname, link]);
  });

  it('are not a file: a missing file with an extension is a 404', async () => {
    expect((await fetch(`${shell()}/dashboard/missing.js`)).status).toBe(404);
    expect((await fetch(`${remote()}/nothing.json`)).status).toBe(404);
  });

  it('include the documents written into the configuration, served as JSON', async () => {
    const answer = await fetch(`${shell()}/release-manifest.json`);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(await answer.json()).toEqual({ revision: 7, actor: 'a$b' });
  });
});

describe('the API behind the shell', () => {
  it('is one fixed upstream, sent the path as asked and the client address as the edge saw it', async () => {
    apiSaw.length = 0;
    const answer = await fetch(`${shell()}/api/user/points/balance?x=%41`, {
      headers: { 'x-forwarded-for': '6.6.6.6' },
    });
    expect(await answer.json()).toEqual({ path: '/api/user/points/balance?x=%41' });
    expect(apiSaw[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    // Its answers carry the API's headers once, whatever the API sent itself.
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('never gets /api/dev, in any case, encoding or detour of the path', async () => {
    apiSaw.length = 0;
    for (const pathname of [
      '/api/dev/outbox',
      '/api/DEV/outbox',
      '/api/%64ev/outbox',
      '/api//dev/clock',
      '/api/x/../dev',
      '/api/dev',
    ]) {
      const answer = await fetch(`${shell()}${pathname}`);
      expect([pathname, answer.status]).toEqual([pathname, 404]);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(apiSaw).toEqual([]);
  });

  it('never gets a body over the limit', async () => {
    apiSaw.length = 0;
    const tooLarge = await fetch(`${shell()}/api/auth/login`, {
      method: 'POST',
      body: 'x'.repeat(EDGE_LIMITS.bodyBytes! + 1),
    });
    expect(tooLarge.status).toBe(413);
    expect(apiSaw).toEqual([]);
  });
});

describe('the telemetry receivers behind the edge', () => {
  const seen = () => receiverSaw.flat();
  const forget = () => receiverSaw.forEach((saw) => (saw.length = 0));

  it("get members' reports and CSP reports, spread over every receiver, with the client's address", async () => {
    forget();
    for (let n = 0; n < 6; n += 1) {
      const answer = await fetch(`${shell()}/telemetry/v1/reports`, {
        method: 'POST',
        body: '{}',
        headers: { 'x-forwarded-for': '6.6.6.6' },
      });
      expect(await answer.json()).toEqual({ path: '/telemetry/v1/reports' });
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await fetch(`${shell()}/telemetry/v1/csp`, { method: 'POST', body: '[]' })).status).toBe(200);
    expect(receiverSaw.map((saw) => saw.length > 0)).toEqual([true, true]);
    expect(seen().map((request) => request.headers['x-forwarded-for'])).toEqual(Array(7).fill('127.0.0.1'));
  });

  it("never serve a receiver's metrics or health through the portal, in any spelling of the path", async () => {
    forget();
    for (const pathname of [
      '/telemetry/metrics',
      '/telemetry/health',
      '/telemetry/v1/reports/../../metrics',
      '/telemetry/v1/%2e%2e/%2e%2e/metrics',
      '/telemetry/v1/reports/',
      '/telemetry//v1/reports/x',
    ]) {
      // A path that leaves /telemetry/ once resolved is one of the shell's pages, never a receiver's.
      const answer = await fetch(`${shell()}${pathname}`);
      const body = await answer.text();
      expect([pathname, answer.status === 404 || body === PAGE]).toEqual([pathname, true]);
    }
    for (const request of ['/telemetry/v1/%2e%2e/%2e%2e/metrics', '/telemetry/v1/reports/..%2f..%2fmetrics']) {
      expect(await raw(shell(), `GET ${request} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).toMatch(
        /^HTTP\/1\.1 (?:200|400|404)/,
      );
    }
    expect(await (await fetch(`${shell()}/metrics`)).text()).toBe(PAGE);
    // Pages without a reporter cookie ask the receivers for one (decision 073), there and nowhere else.
    expect(seen().filter((request) => request.url !== REPORTER_MINT_PATH)).toEqual([]);
  });

  it('take reports within their size limits, and a bounded rate per client', async () => {
    forget();
    const tooLarge = await fetch(`${shell()}/telemetry/v1/reports`, {
      method: 'POST',
      body: 'x'.repeat(EDGE_LIMITS.reportBytes! + 1),
    });
    expect(tooLarge.status).toBe(413);
    const cspBatch = await fetch(`${shell()}/telemetry/v1/csp`, { method: 'POST', body: 'x'.repeat(40_000) });
    expect(cspBatch.status).toBe(200);
    expect(seen().map((request) => request.bytes)).toEqual([40_000]);
    const tooLargeCsp = await fetch(`${shell()}/telemetry/v1/csp`, {
      method: 'POST',
      body: 'x'.repeat(EDGE_LIMITS.cspReportBytes! + 1),
    });
    expect(tooLargeCsp.status).toBe(413);
    const flood = await Promise.all(
      Array.from({ length: EDGE_LIMITS.reportBurst! + 20 }, (_, n) =>
        fetch(`${shell()}/telemetry/v1/${n % 2 ? 'csp' : 'reports'}`, { method: 'POST', body: '[]' }).then(
          (answer) => answer.status,
        ),
      ),
    );
    expect(flood).toContain(429);
    expect(flood.filter((status) => status === 200).length).toBeLessThanOrEqual(EDGE_LIMITS.reportBurst! + 2);
  });
});

describe('what the edge refuses', () => {
  it('answers malformed, overlong and foreign paths with 400 or 414, and keeps serving', async () => {
    const get = (target: string) => `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
    const cases: Array<[string, RegExp]> = [
      [get('/%ff'), /^HTTP\/1\.1 400/],
      [get('/%c0%af'), /^HTTP\/1\.1 400/],
      [get('/..%2f..%2fetc/passwd'), /^HTTP\/1\.1 400/],
      [get('/a%00b'), /^HTTP\/1\.1 400/],
      [get(`/${'a'.repeat(EDGE_LIMITS.headerLineBytes!)}`), /^HTTP\/1\.1 414/],
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(EDGE_LIMITS.headerLineBytes!)}\r\n\r\n`, /^HTTP\/1\.1 400/],
      // HTTP/0.9: an answer would carry no header, so there is none.
      ['GET /\r\n\r\n', /^(closed|reset)$/],
    ];
    for (const [request, expected] of cases) expect(await raw(shell(), request)).toMatch(expected);
    expect((await fetch(`${shell()}/`)).status).toBe(200);
  });

  it('is no proxy: a request line in absolute form is refused, and its host never dialled', async () => {
    let dialled = 0;
    const elsewhere = net.createServer((socket) => {
      dialled += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const { port } = elsewhere.address() as AddressInfo;
    try {
      for (const target of [
        `http://127.0.0.1:${port}/api/x`,
        `http://127.0.0.1:${port}/`,
        `https://127.0.0.1:${port}/api/`,
      ]) {
        expect(await raw(shell(), `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)).toMatch(
          /^HTTP\/1\.1 400/,
        );
      }
      expect(await raw(shell(), `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)).toMatch(
        /^HTTP\/1\.1 4\d\d/,
      );
      expect(dialled).toBe(0);
    } finally {
      elsewhere.close();
    }
  });

  it('holds at most so many bodies of one client at once: a flood of stalled bodies gets 429', async () => {
    const limit = EDGE_LIMITS.bodiesInProgressPerClient!;
    const stalled = Array.from({ length: limit }, () =>
      raw(shell(), 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{', {
        waitMs: (EDGE_LIMITS.bodySeconds! + 5) * 1000,
      }),
    );
    // Once the stalled bodies have reached the edge, the client's next body is refused; its pages are not.
    const post = () =>
      fetch(`${shell()}/api/auth/login`, { method: 'POST', body: '{}' }).then((answer) => answer.status);
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 429; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await post();
    }
    expect(status).toBe(429);
    expect((await fetch(`${shell()}/main.js`)).status).toBe(200);
    // Until their time is up.
    await Promise.all(stalled);
    expect(await post()).not.toBe(429);
  }, 30_000);

  it('closes a request whose body stalls, within its limit, and the API never sees it', async () => {
    apiSaw.length = 0;
    const started = Date.now();
    const ending = await raw(
      shell(),
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      { waitMs: (EDGE_LIMITS.bodySeconds! + 5) * 1000 },
    );
    const seconds = (Date.now() - started) / 1000;
    // nginx ends a timed-out request by closing it (logged as 408): no answer, never the API's.
    expect(ending).toMatch(/^(closed|reset)$/);
    expect(seconds).toBeGreaterThanOrEqual(EDGE_LIMITS.bodySeconds! - 1);
    expect(seconds).toBeLessThan(EDGE_LIMITS.bodySeconds! + 3);
    expect(apiSaw).toEqual([]);
  }, 30_000);
});
