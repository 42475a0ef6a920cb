import type { FastifyInstance } from 'fastify';
import { buildReceiver, REPORTS_ROUTE } from './receiver';
import { pageLoadBatch, sampleReleases } from './testing/sample-reports';

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = await buildReceiver({
    releases: sampleReleases(),
    processMetrics: false,
    rateLimit: { max: 5, windowMs: 60_000 },
  }));
});
afterEach(() => app.close());

/**
 * A report naming `client` in X-Forwarded-For, from `from`: by default the edge (loopback), which
 * is believed.
 */
const report = (client: string, from = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: REPORTS_ROUTE,
    remoteAddress: from,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    payload: JSON.stringify(pageLoadBatch()),
  });

test('a client past its rate gets 429 while other clients carry on', async () => {
  const flood = [];
  for (let index = 0; index < 8; index += 1) flood.push((await report('203.0.113.7')).statusCode);
  expect(flood.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
  expect(flood.slice(5)).toEqual([429, 429, 429]);
  const refused = await report('203.0.113.7');
  expect(refused.json()).toEqual({ error: 'Too many reports: slow down.' });

  expect((await report('198.51.100.20')).statusCode).toBe(204);
  const metrics = await app.inject({ method: 'GET', url: '/metrics' });
  expect(metrics.body).toMatch(/loyalty_telemetry_rejected_total\{reason="rate"\} 4/);
  // Only accepted reports were counted.
  expect(metrics.body).toMatch(/loyalty_telemetry_events_total 24/);
});

test('a client cannot escape its limit by naming another address itself', async () => {
  // Not from the edge: X-Forwarded-For is the client's own word and is not believed.
  const statuses = [];
  for (let index = 0; index < 7; index += 1) statuses.push((await report(`10.0.0.${index}`, '192.0.2.50')).statusCode);
  expect(statuses.filter((status) => status === 429)).toHaveLength(2);
});
