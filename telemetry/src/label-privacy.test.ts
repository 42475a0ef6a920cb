/**
 * No field of a report can carry an e-mail address or a token into a label. Each field of each
 * event type gets each kind of secret; then the whole exposition text is searched for them, and
 * every label value in it is checked against the allowed values.
 */
import type { FastifyInstance } from 'fastify';
import { buildReceiver } from './receiver';
import { REPORTER_COOKIES } from './metrics';
import {
  CHANNELS,
  ERROR_KINDS,
  LOAD_OUTCOMES,
  LOAD_STAGES,
  NAVIGATIONS,
  VERSION_PATTERN,
} from '@loyalty/shared/telemetry';
import { REPORTING_APPS } from './report-schema';
import { postTo, STABLE, sampleReceiver, reportBatch, SAMPLE_MANIFESTS } from './testing/sample-reports';

const SECRETS = {
  email: 'grace.hopper@example.com',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl',
  bearer: 'Bearer eyJhbGciOiJIUzI1NiJ9',
  hex: '9f86d081884c7d659a2feaa0c55ad015',
  uuid: '3f2b8c1e-7d4a-4e2b-9c1d-5a6b7c8d9e0f',
  // Looks like a version, carries a token in its pre-release part.
  sneaky: '1.0.0-9f86d081884c7d659a2f',
  // A member id in a version's clothes.
  numeric: '1.0.123456789',
};

const EVENTS = [
  { type: 'page', ...STABLE, navigation: 'load' },
  { type: 'remote-load', ...STABLE, outcome: 'failed', stage: 'render', attempts: 1, durationMs: 10 },
  { type: 'error', ...STABLE, kind: 'boundary' },
  { type: 'vital', ...STABLE, name: 'INP', value: 120 },
];

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildReceiver({
    ...sampleReceiver(),
    rateLimit: { max: 100_000, windowMs: 60_000 },
  }));
});
afterAll(() => app.close());

const post = (body: unknown) => postTo(app, body);

test('every field, given an e-mail address or a token, is refused and leaves no trace in the metrics', async () => {
  const attempts: Array<{ where: string; status: number }> = [];
  for (const [kind, secret] of Object.entries(SECRETS)) {
    for (const key of ['environment', 'format', 'member', 'user']) {
      const response = await post({ ...reportBatch('local', [EVENTS[0]]), [key]: secret });
      attempts.push({ where: `${key} (${kind})`, status: response.statusCode });
    }
    for (const event of EVENTS) {
      for (const key of [...Object.keys(event), 'email', 'token', 'memberId', 'route', 'message']) {
        const response = await post(reportBatch('local', [{ ...event, [key]: secret }]));
        attempts.push({ where: `${event.type}.${key} (${kind})`, status: response.statusCode });
      }
    }
  }
  expect(attempts.filter((attempt) => attempt.status !== 422 && attempt.status !== 400)).toEqual([]);

  // Valid reports beside them, so the text below has label values to check.
  for (const event of EVENTS) expect((await post(reportBatch('local', [event]))).statusCode).toBe(204);
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  for (const fragment of ['@', 'eyJ', 'Bearer', '9f86d081', '3f2b8c1e']) expect(text).not.toContain(fragment);

  const allowed: Record<string, (value: string) => boolean> = {
    remote: (value) => (REPORTING_APPS as readonly string[]).includes(value),
    version: (value) => VERSION_PATTERN.test(value),
    channel: (value) => (CHANNELS as readonly string[]).includes(value),
    environment: (value) => SAMPLE_MANIFESTS.some((manifest) => manifest.environment === value),
    navigation: (value) => (NAVIGATIONS as readonly string[]).includes(value),
    outcome: (value) => (LOAD_OUTCOMES as readonly string[]).includes(value),
    stage: (value) => value === 'none' || (LOAD_STAGES as readonly string[]).includes(value),
    kind: (value) => (ERROR_KINDS as readonly string[]).includes(value),
    le: (value) => value === '+Inf' || Number.isFinite(Number(value)),
    reason: (value) => /^[a-z-]+$/.test(value),
    what: (value) => value === 'reporting' || value === 'refused',
    cookie: (value) => (REPORTER_COOKIES as readonly string[]).includes(value),
  };
  const labels = [...text.matchAll(/([a-z_]+)="([^"]*)"/g)].map(([, name, value]) => ({ name: name!, value: value! }));
  expect(labels.length).toBeGreaterThan(50);
  expect(labels.filter(({ name, value }) => !allowed[name]?.(value))).toEqual([]);
});
