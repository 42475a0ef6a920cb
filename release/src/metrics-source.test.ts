import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildReceiver, REPORTS_ROUTE } from '../../telemetry/src/receiver';
import { reportBatch, sampleReceiver } from '../../telemetry/src/testing/sample-reports';
import { parseExposition } from './exposition-format';
import { ReceiverSource } from './metrics-source';

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

  async function startReceiver(port = 0) {
    const { app } = await buildReceiver({
      ...sampleReceiver(),
      rateLimit: { max: 100_000, windowMs: 60_000 },
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
      ];
      const post = () =>
        fetch(`${url}${REPORTS_ROUTE}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
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
    const [canary] = await source.figures('mf_points', 'production', mark);
    expect(canary).toMatchObject({ version: '1.1.0', channel: 'canary', loads: 8 });
    expect(canary!.vitals.LCP.count).toBe(8);
    // 6 of 8 in (1.5, 2] s: rank 6 is the top of that bucket.
    expect(canary!.vitals.LCP.p75).toBe(2000);
    // Since the receivers started: the 5 before the mark too.
    expect((await source.figures('mf_points', 'production', null))[0]!.loads).toBe(13);
    expect(await source.figures('mf_points', 'staging', null)).toEqual([]);
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
    expect((await source.figures('mf_points', 'production', mark))[0]!.loads).toBe(3);
  });
});
