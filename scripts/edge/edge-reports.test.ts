import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildReceiver } from '../../telemetry/src/receiver';
import { CANARY, STABLE, sampleReceiver } from '../../telemetry/src/testing/sample-reports';
import { REPORT_FORMAT } from '@loyalty/shared/telemetry';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as testEdge from './edge-for-tests.mjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as policy from './policy.mjs';

const { startTestEdge } = testEdge as {
  startTestEdge(sites: object[]): Promise<{ origins: Record<string, string>; stop(): Promise<void> }>;
};
const { EDGE_REFUSAL_PATH, REPORTS_REFUSED_MESSAGE } = policy as {
  EDGE_REFUSAL_PATH: string;
  REPORTS_REFUSED_MESSAGE: string;
};

// Members' reports through the real edge to a real receiver, at the shipped limits: a client
// flooding is refused at the edge, and the refusal is counted where a canary walk reads it. Clients
// are loopback addresses (127.0.0.x), each an address of its own for the edge; the flood is
// bounded in requests and time.

let folder: string;
let edge: Awaited<ReturnType<typeof startTestEdge>>;
let receiver: Awaited<ReturnType<typeof buildReceiver>>;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'edge-reports-test-'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>page</title>');
  receiver = await buildReceiver(sampleReceiver());
  await receiver.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = receiver.app.server.address() as AddressInfo;
  edge = await startTestEdge([
    {
      name: 'shell',
      roots: [folder],
      pageRoot: folder,
      pages: true,
      cors: false,
      contentSecurityPolicy: "default-src 'self'",
      telemetryUpstreams: [`http://127.0.0.1:${port}`],
    },
  ]);
}, 60_000);

afterAll(async () => {
  await edge?.stop();
  await receiver?.app.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
  cookie: string | null;
}

/** A client at one address, with a connection of its own kept alive and a cookie jar of one. */
class Client {
  private readonly agent: http.Agent;
  cookie: string | null = null;
  constructor(readonly address: string) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress: address });
  }

  post(pathname: string, body: unknown): Promise<Answer> {
    const url = new URL(pathname, edge.origins.shell);
    return new Promise((resolve, reject) => {
      const sent = http.request(
        url,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'sec-fetch-site': 'same-origin',
            ...(this.cookie ? { cookie: this.cookie } : {}),
          },
        },
        (answer) => {
          let text = '';
          answer.setEncoding('utf8');
          answer.on('data', (chunk: string) => (text += chunk));
          answer.on('end', () => {
            const set = answer.headers['set-cookie']?.[0]?.split(';')[0] ?? null;
            if (set) this.cookie = set;
            resolve({ status: answer.statusCode ?? 0, body: text, cookie: set });
          });
        },
      );
      sent.once('error', reject);
      sent.end(JSON.stringify(body));
    });
  }

  close() {
    this.agent.destroy();
  }
}

const RELEASES = [STABLE, CANARY];
const events = (release: typeof STABLE) => [
  { type: 'page', ...release, navigation: 'load' },
  { type: 'remote-load', ...release, outcome: 'ok', attempts: 1, durationMs: 420 },
  { type: 'vital', ...release, name: 'LCP', value: 1830 },
];

/** A counter's value in the receiver's metrics, by its labels as written there (0 when absent). */
async function metric(name: string, labels: string) {
  const text = (await receiver.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((row) => row.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** As many requests as the client can make for `ms` (at most `limit`), `parallel` at a time. */
async function flood(
  client: Client,
  pathname: string,
  body: unknown,
  { ms, limit, parallel = 8 }: { ms: number; limit: number; parallel?: number },
) {
  const statuses: number[] = [];
  const bodies = new Set<string>();
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (Date.now() < until && statuses.length < limit) {
        const answer = await client.post(pathname, body);
        statuses.push(answer.status);
        if (answer.status === 429) bodies.add(answer.body);
      }
    }),
  );
  return { statuses, bodies };
}

test('a client flooding reports is refused at the edge, and its refusal is counted by the receiver', async () => {
  const flooder = new Client('127.0.0.21');
  const asked = await flooder.post('/telemetry/v1/pass', {
    format: REPORT_FORMAT,
    environment: 'local',
    releases: RELEASES,
  });
  expect(asked.status).toBe(201);
  const { pass } = JSON.parse(asked.body) as { pass: string };
  const batch = { format: REPORT_FORMAT, environment: 'local', pass, events: events(STABLE) };
  const before = await metric('loyalty_telemetry_addresses_total', 'what="refused"');

  const { statuses, bodies } = await flood(flooder, '/telemetry/v1/reports', batch, { ms: 3_000, limit: 600 });
  flooder.close();
  const refused = statuses.filter((status) => status === 429).length;
  expect(refused).toBeGreaterThan(statuses.length / 2);
  // The member is told, in the edge's words, whatever became of the notice.
  expect([...bodies]).toEqual([JSON.stringify({ error: REPORTS_REFUSED_MESSAGE })]);
  expect(statuses.every((status) => status === 204 || status === 429)).toBe(true);

  // Counted where a walk reads refusals: the client once, the notices by the edge's reason.
  expect(await metric('loyalty_telemetry_addresses_total', 'what="refused"')).toBe(before + 1);
  const told = await metric('loyalty_telemetry_rejected_total', 'reason="edge"');
  expect(told).toBeGreaterThan(0);
  expect(told).toBeLessThanOrEqual(refused);

  // Nobody but the edge tells of refusals: the path is no route of the portal's origin.
  const forged = await new Client('127.0.0.22').post(EDGE_REFUSAL_PATH, {});
  expect(forged.status).not.toBe(429);
  expect(await metric('loyalty_telemetry_rejected_total', 'reason="edge"')).toBe(told);
}, 30_000);
