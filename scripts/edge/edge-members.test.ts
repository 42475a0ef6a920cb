import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import localTls from '../lib/local-tls.cjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import { startTestEdge, tlsPageSite } from './edge-for-tests.mjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as policy from './policy.mjs';

const { EDGE_LIMITS } = policy as { EDGE_LIMITS: Record<string, number> };

// Members behind one address (a hotel's Wi-Fi) through the preview's edge (TLS with HTTP/2) at its
// shipped limits: each opens the rewards catalogue, whose pictures the API serves under `/api/`,
// and redeems while the pictures are still on their way (rendered for the first time). The API
// here holds every picture until the test lets them go, so "on their way" is a state, not a race.
const REWARDS = Array.from({ length: 9 }, (_, index) => `rw-${index}`);
const PICTURE = (id: string) => `/api/rewards/${id}/images/640.avif?v=abc123`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Members behind the address: three by default; more to measure where the limits begin (docs/performance.md). */
const MEMBERS = Number(process.env.EDGE_MEMBERS ?? 3);

let folder: string;
let authority: Buffer;
let api: http.Server;
let edge: Awaited<ReturnType<typeof startTestEdge>>;
/** Pictures (and other held answers) the API has received and not answered yet. */
const held: http.ServerResponse[] = [];
/** Paths the API received, in order. */
const apiSaw: string[] = [];
const origin = () => edge.origins.shell!;

/** Answers every held request: the pictures as the API sends them, anything else as JSON. */
function release() {
  for (const response of held.splice(0)) {
    const picture = response.req.url?.includes('/images/');
    response.setHeader('Content-Type', picture ? 'image/avif' : 'application/json');
    if (picture) response.setHeader('Cache-Control', IMMUTABLE);
    response.end(picture ? Buffer.alloc(2048) : '{}');
  }
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'edge-members-test-'));
  const root = path.join(folder, 'shell');
  execFileSync('mkdir', ['-p', root]);
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>page</title>');
  execFileSync('chmod', ['-R', 'go+rX', folder]);
  const files = await localTls.ensureLocalCertificate(['localhost', '127.0.0.1'], path.join(folder, 'tls'));
  authority = readFileSync(files.authority);
  api = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      apiSaw.push(`${request.method} ${request.url}`);
      if (request.url?.includes('/images/') || request.url?.startsWith('/api/held')) {
        held.push(response);
        return;
      }
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ data: REWARDS }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  edge = await startTestEdge([
    tlsPageSite({ root, tls: files, apiUpstream: `http://127.0.0.1:${(api.address() as AddressInfo).port}` }),
  ]);
}, 60_000);

afterAll(async () => {
  release();
  await edge?.stop();
  await new Promise((resolve) => api?.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; cacheControl: string | undefined };

/** One browser: an HTTP/2 connection of its own to the edge, from `localAddress`. */
function browser(localAddress: string) {
  const session = http2.connect(origin(), { ca: authority, servername: 'localhost', localAddress });
  session.on('error', () => undefined);
  // A stream not answered within 10 s is given up (status 0), so a test fails rather than hangs.
  const send = (method: string, pathname: string, body?: string) =>
    new Promise<Answer>((resolve) => {
      const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
      const stream = session.request({ ':method': method, ':path': pathname, ...length });
      stream.setTimeout(10_000, () => stream.close());
      let answer: Answer = { status: 0, cacheControl: undefined };
      stream.on('response', (headers) => {
        const cacheControl = headers['cache-control'];
        answer = { status: Number(headers[':status']), cacheControl: cacheControl?.toString() };
      });
      stream.on('error', () => undefined);
      stream.on('close', () => resolve(answer));
      stream.resume();
      stream.end(body);
    });
  return { send, close: () => session.close() };
}

/** Waits (at most 5 s) until `done()` holds; whether it did. */
async function until(done: () => boolean) {
  for (let waited = 0; waited < 5000 && !done(); waited += 50) await sleep(50);
  return done();
}

describe('members behind one address', () => {
  it("open the catalogue, redeem and see it again while each one's pictures are still on their way", async () => {
    // Members each in a browser of their own, the catalogue's nine pictures loading at once.
    const members = Array.from({ length: MEMBERS }, () => browser('127.0.0.9'));
    const catalogues = await Promise.all(members.map((member) => member.send('GET', '/api/rewards')));
    const settled: Answer[] = [];
    const pictures = members.flatMap((member) =>
      REWARDS.map((id) =>
        member.send('GET', PICTURE(id)).then((answer) => {
          settled.push(answer);
          return answer;
        }),
      ),
    );
    // Every picture is either with the API, still rendering, or already answered by the edge.
    expect(await until(() => held.length + settled.length === pictures.length)).toBe(true);
    const redeemed = await Promise.all(
      members.map((member, index) => member.send('POST', `/api/rewards/${REWARDS[index]}/redeem`, '{"cost":100}')),
    );
    const again = await Promise.all(members.map((member) => member.send('GET', '/api/rewards')));
    release();
    const loaded = await Promise.all(pictures);
    members.forEach((member) => member.close());

    const calls = [...catalogues, ...redeemed, ...again];
    const refused = (answers: Answer[]) => answers.filter((answer) => answer.status === 429).length;
    console.log(
      `${MEMBERS} members behind one address: pictures refused ${refused(loaded)} / ${loaded.length}, ` +
        `calls refused ${refused(calls)} / ${calls.length}`,
    );
    expect(calls.map((answer) => answer.status)).toEqual(Array(calls.length).fill(200));
    expect(loaded.map((answer) => answer.status)).toEqual(Array(pictures.length).fill(200));
    // Each picture is its address's for good: the browser asks for it once.
    expect(new Set(loaded.map((answer) => answer.cacheControl))).toEqual(new Set([IMMUTABLE]));
  }, 30_000);

  it("still holds an address's answers in progress from the API's other routes to their limit", async () => {
    const limit = EDGE_LIMITS.bodiesInProgressPerClient!;
    const attacker = browser('127.0.0.10');
    const settled: Answer[] = [];
    const waiting = Array.from({ length: limit + 3 }, () =>
      attacker.send('GET', '/api/held').then((answer) => {
        settled.push(answer);
        return answer;
      }),
    );
    expect(await until(() => held.length + settled.length === waiting.length)).toBe(true);
    expect(held).toHaveLength(limit);
    expect(settled.map((answer) => answer.status)).toEqual([429, 429, 429]);
    release();
    await Promise.all(waiting);
    attacker.close();
  }, 30_000);

  it('takes GET alone and no body on a picture: refused before the API', async () => {
    apiSaw.length = 0;
    const client = browser('127.0.0.11');
    const picture = PICTURE(REWARDS[0]!);
    const posted = await client.send('POST', picture, '{}');
    const tooLarge = await client.send('POST', picture, 'x'.repeat(EDGE_LIMITS.otherBodyBytes! + 1));
    const withBody = await client.send('GET', picture, '{}');
    client.close();
    expect([posted.status, tooLarge.status]).toEqual([403, 413]);
    expect(withBody.status).toBeGreaterThanOrEqual(400);
    expect(withBody.status).toBeLessThan(500);
    expect(apiSaw).toEqual([]);
  });
});
