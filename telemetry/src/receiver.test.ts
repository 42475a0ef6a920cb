import type { FastifyInstance } from 'fastify';
import { buildReceiver, CSP_ROUTE, REPORTS_ROUTE } from './receiver';
import { MAX_CSP_REPORTS_PER_DELIVERY } from './csp-report';
import { MAX_CSP_REPORT_BYTES } from './report-schema';
import {
  postTo,
  metricsTextOf,
  CANARY,
  STABLE,
  pageLoadBatch,
  sampleReceiver,
  reportBatch,
} from './testing/sample-reports';

let app: FastifyInstance;

beforeEach(async () => {
  ({ app } = await buildReceiver({
    ...sampleReceiver(),
    rateLimit: { max: 1000, windowMs: 60_000 },
  }));
});
afterEach(() => app.close());

const post = (payload: unknown, headers?: Record<string, string>, url?: string) => postTo(app, payload, headers, url);
const metricsText = () => metricsTextOf(app);

/** The value of one series in the exposition text, or undefined when it is absent. */
function series(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find((candidate) => candidate.startsWith(`${name}{`) && wanted.every((label) => candidate.includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

test('a page load becomes counters and histograms labelled with its release', async () => {
  expect((await post(pageLoadBatch(CANARY))).statusCode).toBe(204);
  expect((await post(pageLoadBatch(CANARY))).statusCode).toBe(204);
  const text = await metricsText();
  const labels = { remote: 'mf_points', version: '1.1.0', channel: 'canary', environment: 'local' };
  expect(series(text, 'loyalty_page_loads_total', { ...labels, navigation: 'load' })).toBe(2);
  expect(series(text, 'loyalty_remote_loads_total', { ...labels, outcome: 'ok', stage: 'none' })).toBe(2);
  expect(series(text, 'loyalty_web_vitals_lcp_seconds_count', labels)).toBe(2);
  // 1.83 s falls in the 2 s bucket, not in the 1.5 s one.
  expect(series(text, 'loyalty_web_vitals_lcp_seconds_bucket', { ...labels, le: '1.5' })).toBe(0);
  expect(series(text, 'loyalty_web_vitals_lcp_seconds_bucket', { ...labels, le: '2' })).toBe(2);
});

test("a release's failure series exist at zero from its first report, before any failure", async () => {
  await post(pageLoadBatch(STABLE));
  const text = await metricsText();
  const labels = { remote: 'mf_points', version: '1.0.0', channel: 'stable', environment: 'local' };
  expect(series(text, 'loyalty_errors_total', { ...labels, kind: 'boundary' })).toBe(0);
  expect(series(text, 'loyalty_remote_loads_total', { ...labels, outcome: 'failed', stage: 'render' })).toBe(0);
  expect(series(text, 'loyalty_web_vitals_inp_seconds_count', labels)).toBe(0);
});

test('errors and failed loads are counted for the remote, version and channel they came from', async () => {
  const response = await post(
    reportBatch('production', [
      { type: 'error', ...CANARY, kind: 'boundary' },
      { type: 'page', ...CANARY, navigation: 'load' },
      { type: 'remote-load', ...CANARY, outcome: 'failed', stage: 'render', attempts: 1, durationMs: 800 },
      { type: 'remote-load', ...CANARY, outcome: 'recovered', stage: 'entry', attempts: 3, durationMs: 2400 },
    ]),
  );
  expect(response.statusCode).toBe(204);
  const text = await metricsText();
  const labels = { remote: 'mf_points', version: '1.1.0', channel: 'canary', environment: 'production' };
  expect(series(text, 'loyalty_errors_total', { ...labels, kind: 'boundary' })).toBe(1);
  expect(series(text, 'loyalty_remote_loads_total', { ...labels, outcome: 'failed', stage: 'render' })).toBe(1);
  expect(series(text, 'loyalty_remote_loads_total', { ...labels, outcome: 'recovered', stage: 'entry' })).toBe(1);
  expect(series(text, 'loyalty_remote_load_retries_total', labels)).toBe(2);
});

test.each([
  ['not JSON', 400, '{"format":1,'],
  ['an empty body', 400, ''],
  ['an unknown format', 422, { ...pageLoadBatch(), format: 1 }],
  ['no reporter pass', 422, { ...pageLoadBatch(), pass: undefined }],
  ['a forged reporter pass', 401, { ...pageLoadBatch(), pass: 'e30.c2lnbmF0dXJl' }],
  ['an environment not accepted', 422, pageLoadBatch(STABLE, 'attacker-env')],
  ['an unknown field', 422, { ...pageLoadBatch(), member: 'someone@example.com' }],
  [
    'an unknown remote',
    422,
    { ...pageLoadBatch(), events: [{ type: 'page', ...STABLE, remote: 'mf_evil', navigation: 'load' }] },
  ],
  ['no events', 422, { ...pageLoadBatch(), events: [] }],
  ['a negative vital', 422, { ...pageLoadBatch(), events: [{ type: 'vital', ...STABLE, name: 'LCP', value: -1 }] }],
  ['a prototype key', 400, '{"format":1,"__proto__":{"polluted":true},"environment":"local","events":[]}'],
])('%s is refused with %i and a message', async (_name, status, payload) => {
  const response = await post(payload);
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ error: expect.any(String) });
  expect(await metricsText()).toContain('loyalty_telemetry_rejected_total');
});

test('a report over the size limit is refused with 413', async () => {
  const response = await post(JSON.stringify({ ...pageLoadBatch(), padding: 'x'.repeat(20_000) }));
  expect(response.statusCode).toBe(413);
});

test("a beacon's text/plain body is read as JSON; other media types are refused with 415", async () => {
  expect((await post(pageLoadBatch(), { 'content-type': 'text/plain;charset=UTF-8' })).statusCode).toBe(204);
  expect((await post('{"format":', { 'content-type': 'text/plain;charset=UTF-8' })).statusCode).toBe(400);
  expect((await post(pageLoadBatch(), { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(415);
});

test("another site's page cannot post reports (Sec-Fetch-Site)", async () => {
  expect((await post(pageLoadBatch(), { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  expect((await post(pageLoadBatch(), { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(204);
});

test('the metrics are not served under the path the portal forwards', async () => {
  expect((await app.inject({ method: 'GET', url: '/telemetry/metrics' })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: REPORTS_ROUTE })).statusCode).toBe(404);
});

describe('CSP violation reports', () => {
  test('report-uri and report-to shapes are counted by directive and disposition, addresses dropped', async () => {
    const legacy = await post(
      {
        'csp-report': {
          'document-uri': 'http://localhost:8080/dashboard?email=someone@example.com',
          'violated-directive': "script-src-elem 'self'",
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js',
          disposition: 'enforce',
        },
      },
      { 'content-type': 'application/csp-report' },
      CSP_ROUTE,
    );
    expect(legacy.statusCode).toBe(204);
    const reportingApi = await post(
      [
        {
          type: 'csp-violation',
          age: 10,
          url: 'http://localhost:8080/',
          body: { effectiveDirective: 'connect-src', blockedURL: 'https://evil.example', disposition: 'report' },
        },
        { type: 'deprecation', body: {} },
      ],
      { 'content-type': 'application/reports+json' },
      CSP_ROUTE,
    );
    expect(reportingApi.statusCode).toBe(204);
    const text = await metricsText();
    expect(series(text, 'loyalty_csp_violations_total', { directive: 'script-src-elem', disposition: 'enforce' })).toBe(
      1,
    );
    expect(series(text, 'loyalty_csp_violations_total', { directive: 'connect-src', disposition: 'report' })).toBe(1);
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('someone@example.com');
  });

  test('a directive outside the list is counted as other; a malformed report is refused', async () => {
    await post(
      { 'csp-report': { 'effective-directive': 'someone@example.com' } },
      { 'content-type': 'application/csp-report' },
      CSP_ROUTE,
    );
    expect(series(await metricsText(), 'loyalty_csp_violations_total', { directive: 'other' })).toBe(1);
    const malformed = await post({ report: 1 }, { 'content-type': 'application/csp-report' }, CSP_ROUTE);
    expect(malformed.statusCode).toBe(422);
    const wrongType = await post({ 'csp-report': {} }, { 'content-type': 'application/json' }, CSP_ROUTE);
    expect(wrongType.statusCode).toBe(415);
  });

  test('what is not a CSP report is refused with a clear 4xx, never a 5xx, and counts nothing', async () => {
    const violation = (body: Record<string, unknown>) => ({ type: 'csp-violation', body });
    const refusals: Array<[string, string, number]> = [
      [JSON.stringify([violation({ effectiveDirective: 'img-src' })]), 'text/plain', 415],
      [JSON.stringify({ not: 'a report' }), 'application/csp-report', 422],
      [JSON.stringify({ 'csp-report': 'x' }), 'application/csp-report', 422],
      [JSON.stringify({ not: 'a list' }), 'application/reports+json', 422],
      [JSON.stringify([violation({ effectiveDirective: 42 })]), 'application/reports+json', 422],
      [JSON.stringify([violation({ effectiveDirective: 'x'.repeat(3000) })]), 'application/reports+json', 422],
      [
        JSON.stringify(Array.from({ length: MAX_CSP_REPORTS_PER_DELIVERY + 1 }, () => violation({}))),
        'application/reports+json',
        422,
      ],
      ['[{"type": ', 'application/reports+json', 400],
      [JSON.stringify([violation({ sample: 'x'.repeat(MAX_CSP_REPORT_BYTES) })]), 'application/reports+json', 413],
    ];
    for (const [payload, type, status] of refusals) {
      const reply = await post(payload, { 'content-type': type }, CSP_ROUTE);
      expect([type, payload.slice(0, 40), reply.statusCode]).toEqual([type, payload.slice(0, 40), status]);
      expect(typeof reply.json().error).toBe('string');
    }
    expect(await metricsText()).not.toMatch(/^loyalty_csp_violations_total\{/m);
  });

  test('a delivery as large as a browser queues, each report carrying the page policy, is taken', async () => {
    const policy = `default-src 'self'; script-src 'self' ${'https://remote.example '.repeat(40)}`;
    const delivery = Array.from({ length: MAX_CSP_REPORTS_PER_DELIVERY }, () => ({
      type: 'csp-violation',
      body: { effectiveDirective: 'img-src', originalPolicy: policy, documentURL: 'http://localhost:8080/dashboard' },
    }));
    expect(JSON.stringify(delivery).length).toBeGreaterThan(32 * 1024);
    const reply = await post(delivery, { 'content-type': 'application/reports+json' }, CSP_ROUTE);
    expect(reply.statusCode).toBe(204);
    expect(series(await metricsText(), 'loyalty_csp_violations_total', { directive: 'img-src' })).toBe(
      MAX_CSP_REPORTS_PER_DELIVERY,
    );
  });
});
