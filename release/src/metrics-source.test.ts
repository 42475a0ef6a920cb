import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { METRICS, VITAL_HISTOGRAMS } from '@loyalty/shared/telemetry';
import { buildReceiver, PASS_ROUTE, REPORTS_ROUTE } from '../../telemetry/src/receiver';
import { reportBatch, sampleReceiver } from '../../telemetry/src/testing/sample-reports';
import { parseExposition } from './exposition-format';
import { figureOf, loadsOf, seriesReadsOf } from './canary-analysis';
import { PrometheusSource, ReceiverSource } from './metrics-source';
import { SHIPPED } from './testing/shipped-checks';

const LCP = SHIPPED.lcpP75!;
const CLS = SHIPPED.clsP75!;
/** What the walk reads for these checks: page loads, and the two histograms. */
const READS = seriesReadsOf([LCP, CLS]);

describe('the exposition format', () => {
  test('reads names, escaped label values, special values, and skips comments', () => {
    const text = [
      '# HELP x_total a counter',
      '# TYPE x_total counter',
      'x_total{a="1",b="say \\"hi\\"\\nback\\\\slash"} 3',
      'y_bucket{le="+Inf",remote="mf_points"} 12 1700000000000',
      'z NaN',
      'broken{a=1} 2',
    ].join('\n');
    expect(parseExposition(text)).toEqual([
      { name: 'x_total', labels: { a: '1', b: 'say "hi"\nback\\slash' }, value: 3 },
      { name: 'y_bucket', labels: { le: '+Inf', remote: 'mf_points' }, value: 12 },
      { name: 'z', labels: {}, value: NaN },
    ]);
  });
});

describe('reading the receivers directly', () => {
  const receivers: FastifyInstance[] = [];
  afterEach(() => Promise.all(receivers.splice(0).map((receiver) => receiver.close())));

  async function startReceiver(port = 0, reportsPerMinute = 100_000) {
    const { app } = await buildReceiver({
      ...sampleReceiver(),
      rateLimit: { max: reportsPerMinute, windowMs: 60_000 },
    });
    await app.listen({ port, host: '127.0.0.1' });
    receivers.push(app);
    return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }
  const release = { remote: 'mf_points', version: '1.1.0', channel: 'canary' };
  /** `loads` page loads, each a page of its own (its own pass), with its LCP. */
  async function report(url: string, loads: number, lcpMs: number) {
    for (let load = 0; load < loads; load += 1) {
      const events = [
        { type: 'page', ...release, navigation: 'load' },
        { type: 'vital', ...release, name: 'LCP', value: lcpMs },
        { type: 'vital', ...release, name: 'CLS', value: 0.12 },
      ];
      const post = () =>
        fetch(`${url}${REPORTS_ROUTE}`, {
          method: 'POST',
          // Each page at an address of its own, as the edge names it.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${load}` },
          body: JSON.stringify(reportBatch('production', events)),
        });
      // Once more on a failure: a kept-alive connection to the restarted receiver fails once.
      const response = await post().catch(post);
      expect(response.status).toBe(204);
    }
  }

  test('sums several receivers, counts from a mark, and reads p75 from the histogram buckets', async () => {
    const first = await startReceiver();
    const second = await startReceiver();
    const source = new ReceiverSource([`${first.url}/metrics`, `${second.url}/metrics`]);
    await report(first.url, 5, 900);
    const mark = await source.mark();
    await report(first.url, 6, 1800);
    await report(second.url, 2, 3500);
    const [canary] = await source.figures('mf_points', 'production', mark, READS);
    expect(canary).toMatchObject({ version: '1.1.0', channel: 'canary' });
    expect(loadsOf(canary!)).toBe(8);
    // 6 of 8 in (1.5, 2] s: rank 6 is the top of that bucket, read in the check's unit (ms).
    expect(figureOf(LCP, canary)).toEqual({ value: 2000, sample: 8 });
    // CLS is unitless: every page's 0.12 lies in (0.1, 0.15], its p75 three quarters up it.
    expect(figureOf(CLS, canary)).toEqual({ value: expect.closeTo(0.1375, 6), sample: 8 });
    // Since the receivers started: the 5 before the mark too.
    expect(loadsOf((await source.figures('mf_points', 'production', null, READS))[0]!)).toBe(13);
    expect(await source.figures('mf_points', 'staging', null, READS)).toEqual([]);
  });

  test("counts the addresses behind a canary's errors and failed loads: each once, the most of one receiver", async () => {
    const first = await startReceiver();
    const second = await startReceiver();
    const source = new ReceiverSource([`${first.url}/metrics`, `${second.url}/metrics`]);
    /** One page at `address` whose remote threw (an error and a failed load), or only failed to load. */
    const failedPage = async (url: string, address: string, channel: 'canary' | 'stable', error = true) => {
      const page = channel === 'canary' ? release : { ...release, version: '1.0.0', channel };
      const events = [
        { type: 'page', ...page, navigation: 'load' },
        { type: 'remote-load', ...page, outcome: 'failed', stage: 'render', attempts: 1, durationMs: 300 },
        ...(error ? [{ type: 'error', ...page, kind: 'boundary' }] : []),
      ];
      const response = await fetch(`${url}${REPORTS_ROUTE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(reportBatch('production', events)),
      });
      expect(response.status).toBe(204);
    };
    // One address throwing three times is one address; stable's errors are not the canary's.
    for (let page = 0; page < 3; page += 1) await failedPage(first.url, '198.51.100.1', 'canary');
    await failedPage(first.url, '198.51.100.2', 'canary');
    await failedPage(first.url, '198.51.100.3', 'canary', false);
    await failedPage(first.url, '198.51.100.4', 'stable');
    // The same address at a second receiver: summed, it would look like another.
    await failedPage(second.url, '198.51.100.1', 'canary');
    const reads = seriesReadsOf([SHIPPED.errorRate!, SHIPPED.failureRate!]);
    const rows = await source.figures('mf_points', 'production', null, reads);
    expect(rows.find((row) => row.channel === 'canary')!.eventAddresses).toEqual({ errors: 2, failures: 3 });
    expect(rows.find((row) => row.channel === 'stable')!.eventAddresses).toBeUndefined();
  });

  test('clients refused in another environment weigh on its walks alone; a refusal that cannot say whose, on every one', async () => {
    // Five batches a pass a minute, so that a flood is refused within a few requests.
    const { app, url } = await startReceiver(0, 5);
    const source = new ReceiverSource([`${url}/metrics`]);
    const mark = await source.mark();
    const send = (route: string, body: unknown, client: string) =>
      app.inject({
        method: 'POST',
        url: route,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        payload: JSON.stringify(body),
      });
    // A member in production reports; a client floods with reports naming 'local' until refused.
    expect(
      (
        await send(
          REPORTS_ROUTE,
          reportBatch('production', [{ type: 'page', ...release, navigation: 'load' }]),
          '198.51.100.1',
        )
      ).statusCode,
    ).toBe(204);
    const flood = reportBatch('local', [
      { type: 'page', remote: 'mf_points', version: '1.0.0', channel: 'stable', navigation: 'load' },
    ]);
    for (let sent = 0; sent < 200 && (await send(REPORTS_ROUTE, flood, '203.0.113.9')).statusCode !== 429; sent += 1);
    expect(await source.refusals('production', mark)).toMatchObject({ refusedAddresses: 0, reportingAddresses: 1 });
    expect(await source.refusals('local', mark)).toMatchObject({ refusedAddresses: 1, reportingAddresses: 1 });

    // A pass refused before its body is read, from a client asking for too many: whose is unknown,
    // and this receiver serves two environments, so both walks weigh it.
    for (let asked = 0; asked < 400 && (await send(PASS_ROUTE, {}, '203.0.113.10')).statusCode !== 429; asked += 1);
    expect(await source.refusals('production', mark)).toMatchObject({ refusedAddresses: 1 });
    expect(await source.refusals('local', mark)).toMatchObject({ refusedAddresses: 2 });
  });

  test("a receiver's restart reads as a reset, not as a drop", async () => {
    const receiver = await startReceiver();
    const port = (receiver.app.server.address() as AddressInfo).port;
    const source = new ReceiverSource([`${receiver.url}/metrics`]);
    await report(receiver.url, 10, 900);
    const mark = await source.mark();
    await receivers.pop()!.close();
    const restarted = await startReceiver(port);
    await report(restarted.url, 3, 900);
    expect(loadsOf((await source.figures('mf_points', 'production', mark, READS))[0]!)).toBe(3);
  });
});

describe('reading Prometheus', () => {
  let server: Server;
  let url: string;
  /** Each query asked, with its evaluation time; `answer` gives each its vector's rows. */
  const asked: Array<{ query: string; time: number }> = [];
  let answer: (query: string) => Array<{ metric: Record<string, string>; value: [number, string] }>;
  beforeEach(async () => {
    asked.length = 0;
    answer = () => [];
    server = createServer((request, response) => {
      const params = new URL(request.url!, 'http://prometheus').searchParams;
      const query = params.get('query')!;
      asked.push({ query, time: Number(params.get('time')) });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ status: 'success', data: { resultType: 'vector', result: answer(query) } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  const ranges = () => new Set(asked.map(({ query }) => /\[(\d+)s\]/.exec(query)?.[1]));

  test("a window reaches one scrape before its mark: every query's range is the time since it, plus a scrape", async () => {
    let now = Date.parse('2026-11-29T10:00:00Z');
    const source = new PrometheusSource(url, () => new Date(now), 15_000);
    const mark = await source.mark();
    now += 125_000;
    await source.figures('mf_points', 'production', mark, READS);
    await source.refusals('production', mark);
    expect(asked.length).toBeGreaterThan(3);
    expect(ranges()).toEqual(new Set(['140']));
    expect(new Set(asked.map(({ time }) => time))).toEqual(new Set([now / 1000]));
    // Without a mark, the last hour and a scrape.
    asked.length = 0;
    await source.figures('mf_points', 'production', null, READS);
    expect(ranges()).toEqual(new Set(['3615']));
  });

  test('refusals read the clients refused and the events not counted, by reason, over the window', async () => {
    answer = (query) => {
      // The clients refused in the walk's environment, or where a refusal could not say whose; those
      // reporting and the events dropped in it alone.
      if (query.includes(`${METRICS.addresses}{what="refused",environment=~"production|unknown"}`))
        return [{ metric: {}, value: [0, '2'] }];
      if (query.includes(`${METRICS.addresses}{what="reporting",environment=~"production"}`))
        return [{ metric: {}, value: [0, '40'] }];
      if (query.startsWith(`sum by (reason) (increase(${METRICS.eventsRefused}{environment="production"}[`))
        return [
          // increase() extrapolates to the window's edges: whole events are what was dropped.
          { metric: { reason: 'reporter-cap' }, value: [0, '411.6'] },
          { metric: { reason: 'pass' }, value: [0, '0'] },
        ];
      return [];
    };
    expect(await new PrometheusSource(url).refusals('production', null)).toEqual({
      refusedAddresses: 2,
      reportingAddresses: 40,
      droppedEvents: { 'reporter-cap': 412, pass: 0 },
    });
  });

  test('a release with vitals but no page load in the window is read; one with nothing is left out', async () => {
    const lcp = (version: string, channel: string, count: string) =>
      ['1.5', '+Inf'].map((le) => ({ metric: { version, channel, le }, value: [0, count] as [number, string] }));
    answer = (query) =>
      query.includes(`${VITAL_HISTOGRAMS.LCP.series}_bucket`)
        ? [...lcp('1.2.0', 'canary', '4'), ...lcp('1.0.0', 'stable', '0')]
        : [];
    const rows = await new PrometheusSource(url).figures('mf_points', 'production', null, READS);
    expect(rows.map((row) => [row.version, row.channel])).toEqual([['1.2.0', 'canary']]);
    expect(loadsOf(rows[0]!)).toBe(0);
    expect(figureOf(LCP, rows[0])).toMatchObject({ sample: 4 });
  });
});
