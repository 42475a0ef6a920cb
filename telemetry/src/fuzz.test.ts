/**
 * Fuzzed reports: whatever arrives — random JSON, valid batches with one field mutated, random
 * bytes, odd media types — the receiver answers 2xx or 4xx, never 5xx, and keeps serving.
 * Seeded (FUZZ_SEED), so a failure replays; bounded in count.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildReceiver, CSP_ROUTE, REPORTS_ROUTE } from './receiver';
import { pageLoadBatch, sampleReceiver } from './testing/sample-reports';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = 300;

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildReceiver({
    ...sampleReceiver(),
    rateLimit: { max: 100_000, windowMs: 60_000 },
  }));
});
afterAll(() => app.close());

const statuses = new Map<number, number>();
async function send(url: string, contentType: string, payload: string | Buffer) {
  const response = await app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  return response.statusCode;
}
const notServerError = (status: number) => status >= 200 && status < 500;

/** A valid batch with one value somewhere replaced by anything JSON can hold. */
const mutatedBatch = fc
  .tuple(fc.jsonValue(), fc.nat(), fc.constantFrom('format', 'environment', 'events', 'event'))
  .map(([value, index, where]) => {
    const batch = pageLoadBatch() as unknown as Record<string, unknown>;
    if (where !== 'event') return { ...batch, [where]: value };
    const events = batch.events as Array<Record<string, unknown>>;
    const event = events[index % events.length]!;
    const keys = Object.keys(event);
    events[index % events.length] = { ...event, [keys[index % keys.length]!]: value };
    return batch;
  });

test('random JSON, mutated batches and random bytes never get a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(fc.jsonValue(), async (value) =>
      notServerError(await send(REPORTS_ROUTE, 'application/json', JSON.stringify(value))),
    ),
    { seed: SEED, numRuns: RUNS },
  );
  await fc.assert(
    fc.asyncProperty(mutatedBatch, async (batch) =>
      notServerError(await send(REPORTS_ROUTE, 'application/json', JSON.stringify(batch))),
    ),
    { seed: SEED, numRuns: RUNS },
  );
  await fc.assert(
    fc.asyncProperty(
      fc.uint8Array({ maxLength: 2048 }),
      fc.constantFrom('application/json', 'application/csp-report', 'application/reports+json', 'text/plain'),
      fc.constantFrom(REPORTS_ROUTE, CSP_ROUTE),
      async (bytes, type, url) => notServerError(await send(url, type, Buffer.from(bytes))),
    ),
    { seed: SEED, numRuns: RUNS },
  );
  await fc.assert(
    fc.asyncProperty(
      fc.jsonValue(),
      fc.constantFrom('application/csp-report', 'application/reports+json'),
      async (value, type) => notServerError(await send(CSP_ROUTE, type, JSON.stringify(value))),
    ),
    { seed: SEED, numRuns: RUNS },
  );
  // The fuzzing reached both sides: accepted reports and refusals.
  expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
  expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
  // And the receiver still works.
  expect(await send(REPORTS_ROUTE, 'application/json', JSON.stringify(pageLoadBatch()))).toBe(204);
  expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
});
