import { mkdtemp, mkdir, utimes, writeFile } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { encodedSize } from './encoded-size.cjs';
// @ts-expect-error -- an ES module of the scripts, without type declarations
import { acceptedEncodings, cacheControlFor, startStaticServer } from './static-server.mjs';

// A script as the build leaves it: the file, and beside it its Brotli and gzip variants.
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text number ${i}`))};`;
const SCRIPT_BROTLI = zlib.brotliCompressSync(SCRIPT);
const SCRIPT_GZIP = zlib.gzipSync(SCRIPT, { level: 9 });

/** The deploy-root preview of a remote's origin: its versioned folders first, then its local build. */
describe('the static server of the preview', () => {
  let server: Server;
  let origin: string;
  let manifest: unknown;
  let policyRequests = 0;

  beforeAll(async () => {
    const deployed = await mkdtemp(path.join(os.tmpdir(), 'static-deployed-'));
    const local = await mkdtemp(path.join(os.tmpdir(), 'static-local-'));
    await mkdir(path.join(deployed, '1.0.0'));
    await writeFile(path.join(deployed, '1.0.0', 'remoteEntry.js'), '/* 1.0.0 */');
    await writeFile(path.join(deployed, '1.0.0', 'routes.0123456789.js'), '/* chunk */');
    await writeFile(path.join(local, 'remoteEntry.js'), '/* local */');
    await writeFile(path.join(local, 'index.html'), '<!doctype html><title>page</title>');
    await writeFile(path.join(local, 'app.0123456789.js'), SCRIPT);
    await writeFile(path.join(local, 'app.0123456789.js.br'), SCRIPT_BROTLI);
    await writeFile(path.join(local, 'app.0123456789.js.gz'), SCRIPT_GZIP);
    // A file changed after the build: its Brotli variant is older and holds something else.
    await writeFile(path.join(local, 'edited.js'), SCRIPT);
    await writeFile(path.join(local, 'edited.js.br'), zlib.brotliCompressSync('/* before the edit */'));
    const beforeTheEdit = new Date(Date.now() - 60_000);
    await utimes(path.join(local, 'edited.js.br'), beforeTheEdit, beforeTheEdit);
    server = (await startStaticServer({
      root: [deployed, local],
      port: 0,
      spa: true,
      cors: true,
      json: { '/release-manifest.json': async () => manifest },
      pageHeaders: async () => {
        policyRequests += 1;
        return { 'Content-Security-Policy': `script-src 'self' https://release-${policyRequests}.example` };
      },
    })) as Server;
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('serves versions from the deploy root and the local build at the root, with CORS', async () => {
    const versioned = await fetch(`${origin}/1.0.0/remoteEntry.js`);
    expect(await versioned.text()).toBe('/* 1.0.0 */');
    expect(versioned.headers.get('access-control-allow-origin')).toBe('*');
    expect(await (await fetch(`${origin}/remoteEntry.js`)).text()).toBe('/* local */');
  });

  it('caches hashed chunks forever and revalidates entries and manifests', async () => {
    expect((await fetch(`${origin}/1.0.0/routes.0123456789.js`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await fetch(`${origin}/1.0.0/remoteEntry.js`)).headers.get('cache-control')).toBe('no-cache');
    manifest = { revision: 3 };
    const response = await fetch(`${origin}/release-manifest.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ revision: 3 });
  });

  it('caches the hashed system style sheet and font files forever, other style sheets until changed', () => {
    expect(cacheControlFor('/chakra-system.0123456789.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/public-sans-latin-wght-normal.0123456789.woff2')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/first-paint.css')).toBe('no-cache');
  });

  it('answers 404 for a document that does not exist yet', async () => {
    manifest = undefined;
    expect((await fetch(`${origin}/release-manifest.json`)).status).toBe(404);
  });

  it('sends nosniff and the referrer policy with every response, the 404 included', async () => {
    for (const url of ['/remoteEntry.js', '/release-manifest.json', '/no-such-file.js', '/dashboard']) {
      const response = await fetch(`${origin}${url}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('gives pages a Content-Security-Policy worked out anew for each request, and scripts none', async () => {
    const first = await fetch(`${origin}/dashboard/transactions`);
    const second = await fetch(`${origin}/index.html`);
    expect(await first.text()).toContain('<title>page</title>');
    expect(first.headers.get('content-security-policy')).toMatch(/^script-src 'self' https:\/\/release-\d+\.example$/);
    expect(second.headers.get('content-security-policy')).not.toBe(first.headers.get('content-security-policy'));
    expect((await fetch(`${origin}/remoteEntry.js`)).headers.get('content-security-policy')).toBeNull();
  });

  describe('compression', () => {
    it('sends the Brotli file the build made to a browser that accepts Brotli', async () => {
      const sent = await encodedSize(`${origin}/app.0123456789.js`, 'gzip, deflate, br, zstd');
      expect(sent).toEqual({ encoding: 'br', bytes: SCRIPT_BROTLI.length });
    });

    it('sends the gzip file to a client that takes gzip only, or refuses Brotli', async () => {
      for (const acceptEncoding of ['gzip', 'br;q=0, gzip;q=0.8']) {
        const sent = await encodedSize(`${origin}/app.0123456789.js`, acceptEncoding);
        expect(sent).toEqual({ encoding: 'gzip', bytes: SCRIPT_GZIP.length });
      }
    });

    it('sends the file as it is to a client that accepts no compression', async () => {
      const sent = await encodedSize(`${origin}/app.0123456789.js`, 'identity');
      expect(sent).toEqual({ encoding: 'identity', bytes: Buffer.byteLength(SCRIPT) });
    });

    it('compresses on the fly a file changed after its variants were made, never sending the old one', async () => {
      const sent = await encodedSize(`${origin}/edited.js`, 'br, gzip');
      expect(sent.encoding).toBe('gzip');
      const response = await fetch(`${origin}/edited.js`);
      expect(await response.text()).toBe(SCRIPT);
    });

    it('reads Accept-Encoding with its qualities, preferring Brotli', () => {
      expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
      expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
      expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
      expect(acceptedEncodings('')).toEqual([]);
      expect(acceptedEncodings(undefined)).toEqual([]);
    });
  });
});

describe("the shell's origin passing the API's path on", () => {
  const slowCallsClosed: Array<Promise<unknown>> = [];
  let api: Server;
  let server: Server;
  let origin: string;

  const portOf = (listening: Server) => (listening.address() as AddressInfo).port;

  beforeAll(async () => {
    // Answers with what it was sent, as the API would with a 4xx and its message; never answers
    // `/api/slow`, and notes when the call's connection is closed.
    api = http.createServer((req, res) => {
      if (req.url === '/api/slow') {
        slowCallsClosed.push(new Promise((resolve) => res.on('close', resolve)));
        return;
      }
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.writeHead(422, { 'Content-Type': 'application/json', 'X-From': 'api' });
        res.end(JSON.stringify({ method: req.method, url: req.url, authorization: req.headers.authorization, body }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, 'localhost', resolve));
    const root = await mkdtemp(path.join(os.tmpdir(), 'static-proxy-'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>page</title>');
    server = (await startStaticServer({
      root,
      port: 0,
      spa: true,
      proxy: { '/api/': `http://localhost:${portOf(api)}` },
    })) as Server;
    origin = `http://localhost:${portOf(server)}`;
  });

  // (The last test has closed the API already: closing it again only reports so.) Connections
  // still open, such as a slow call nobody gave up on, are cut rather than waited for.
  afterAll(async () => {
    for (const each of [server, api]) {
      each.closeAllConnections();
      await new Promise((resolve) => each.close(resolve));
    }
  });

  it('sends a call on as it came and its answer back as it went, status and headers included', async () => {
    const response = await fetch(`${origin}/api/user/claim?page=2`, {
      method: 'POST',
      headers: { Authorization: 'Bearer t0ken', 'Content-Type': 'application/json' },
      body: JSON.stringify({ bookingId: 'AB12' }),
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('x-from')).toBe('api');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/api/user/claim?page=2',
      authorization: 'Bearer t0ken',
      body: JSON.stringify({ bookingId: 'AB12' }),
    });
  });

  it('serves every other path itself, a page included', async () => {
    const page = await fetch(`${origin}/apiary`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>page</title>');
  });

  it('gives a call up upstream when the page gives it up', async () => {
    const controller = new AbortController();
    const call = fetch(`${origin}/api/slow`, { signal: controller.signal }).catch((error: Error) => error.name);
    while (slowCallsClosed.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect(await call).toBe('AbortError');
    // Settles only once the connection to the API is closed (else the test times out).
    await slowCallsClosed[0];
  });

  it('answers 502 with a message when the API cannot be reached', async () => {
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
    const response = await fetch(`${origin}/api/auth/me`);
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/cannot be reached/);
  });
});
