import { CSP_REPORTS_KEPT, CSP_REPORTS_PATH, CSP_REPORTS_PER_BATCH } from './routes/csp-reports';
import { startTestApi, type TestApi } from './testing/test-api';

const PAGE = 'http://localhost:8080/auth/login';
const ORIGIN = 'http://localhost:8081';

/** A `csp-violation` as Chromium's Reporting API sends it. */
const violation = (overrides: Record<string, unknown> = {}) => ({
  type: 'csp-violation',
  age: 12,
  url: PAGE,
  user_agent: 'Mozilla/5.0',
  body: {
    documentURL: PAGE,
    effectiveDirective: 'script-src-elem',
    blockedURL: 'inline',
    disposition: 'enforce',
    originalPolicy: "default-src 'self'",
    sourceFile: PAGE,
    lineNumber: 1,
    columnNumber: 39,
    sample: 'window.x = 1',
    statusCode: 200,
    ...overrides,
  },
});

/** The least a report can hold. */
const small = { type: 'csp-violation', body: { documentURL: PAGE, effectiveDirective: 'img-src', lineNumber: 0 } };

const send = (api: TestApi, body: unknown, type = 'application/reports+json') =>
  api.call('POST', CSP_REPORTS_PATH, { rawBody: JSON.stringify(body), headers: { 'content-type': type } });

let api: TestApi;
const logged: string[] = [];
beforeEach(async () => {
  logged.length = 0;
  api = await startTestApi({ log: (line) => logged.push(line), allowedOrigins: [ORIGIN] });
});
afterEach(() => api.close());

describe('reports of Content-Security-Policy violations', () => {
  it('are taken from the Reporting API, kept newest first and logged', async () => {
    const sent = await send(api, [
      violation(),
      { type: 'deprecation', body: { id: 'x' } },
      violation({ effectiveDirective: 'connect-src', blockedURL: 'https://evil.example/x' }),
    ]);
    expect(sent.status).toBe(204);
    const { body } = await api.call('GET', '/api/dev/csp-reports');
    expect(body.data).toEqual([
      expect.objectContaining({ directive: 'connect-src', blockedUrl: 'https://evil.example/x', documentUrl: PAGE }),
      expect.objectContaining({ directive: 'script-src-elem', blockedUrl: 'inline', line: 1, column: 39 }),
    ]);
    expect(body.data[0].receivedAt).toBe('2026-01-15T12:00:00.000Z');
    expect(logged.filter((line) => line.startsWith('CSP violation'))).toHaveLength(2);
  });

  it('are taken from report-uri, as browsers without the Reporting API send them', async () => {
    const report = {
      'csp-report': {
        'document-uri': PAGE,
        'violated-directive': "script-src-elem 'self'",
        'blocked-uri': 'eval',
        'original-policy': "default-src 'self'",
        'line-number': 3,
      },
    };
    expect((await send(api, report, 'application/csp-report')).status).toBe(204);
    const { body } = await api.call('GET', '/api/dev/csp-reports');
    expect(body.data).toEqual([
      expect.objectContaining({ directive: 'script-src-elem', blockedUrl: 'eval', documentUrl: PAGE, line: 3 }),
    ]);
  });

  it('refuse what is not a report with a clear 4xx, never a 5xx', async () => {
    const refusals: Array<[unknown, string, number]> = [
      [[violation()], 'text/plain', 415],
      [{ not: 'a report' }, 'application/csp-report', 422],
      [[violation({ documentURL: 42 })], 'application/reports+json', 422],
      [[violation({ effectiveDirective: 'x'.repeat(65) })], 'application/reports+json', 422],
      [[violation({ documentURL: `${PAGE}?${'a'.repeat(3000)}` })], 'application/reports+json', 422],
      [Array.from({ length: CSP_REPORTS_PER_BATCH + 1 }, () => small), 'application/reports+json', 422],
      [{ 'csp-report': 'x' }, 'application/reports+json', 422],
    ];
    for (const [body, type, status] of refusals) {
      const reply = await send(api, body, type);
      expect([type, reply.status]).toEqual([type, status]);
      expect(typeof reply.body.message).toBe('string');
    }
    const malformed = await api.call('POST', CSP_REPORTS_PATH, {
      rawBody: '[{"type": ',
      headers: { 'content-type': 'application/reports+json' },
    });
    expect(malformed.status).toBe(400);
    const huge = await send(api, [violation({ sample: 'x'.repeat(200), originalPolicy: 'p'.repeat(65 * 1024) })]);
    expect(huge.status).toBe(413);
    expect((await api.call('GET', '/api/dev/csp-reports')).body.data).toEqual([]);
  });

  it('log one line per report, whatever the report says', async () => {
    await send(api, [violation({ documentURL: `${PAGE}\nCSP violation: forged`, blockedURL: 'a"b' })]);
    const lines = logged.filter((line) => line.startsWith('CSP violation'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
  });

  it('keep only the latest, however many come', async () => {
    const batches = Math.ceil((CSP_REPORTS_KEPT + 20) / CSP_REPORTS_PER_BATCH);
    for (let batch = 0; batch < batches; batch += 1) {
      const reports = Array.from({ length: CSP_REPORTS_PER_BATCH }, (_, n) => ({
        ...small,
        body: { ...small.body, lineNumber: batch * CSP_REPORTS_PER_BATCH + n },
      }));
      expect((await send(api, reports)).status).toBe(204);
    }
    const { body } = await api.call('GET', '/api/dev/csp-reports');
    expect(body.data).toHaveLength(CSP_REPORTS_KEPT);
    expect(body.data[0].line).toBe(batches * CSP_REPORTS_PER_BATCH - 1);
  });

  it("may come from a remote's standalone page, another origin (a CORS preflight first)", async () => {
    const preflight = await api.call('OPTIONS', CSP_REPORTS_PATH, {
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });
});

describe('every answer of the API', () => {
  it('says nosniff: success, errors, refusals and preflights alike', async () => {
    const answers = [
      await api.call('GET', '/api/health'),
      await api.call('GET', '/api/nothing-here'),
      await api.call('POST', '/api/auth/login', { rawBody: '{"broken": ' }),
      await api.call('POST', '/api/auth/login', { rawBody: JSON.stringify({ email: 'x'.repeat(20_000) }) }),
      await api.call('GET', '/api/user/points/balance'),
      await send(api, [violation()]),
      await api.call('OPTIONS', '/api/auth/login', {
        headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 400, 413, 401, 204, 204]);
    for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
