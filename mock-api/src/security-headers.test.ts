import { startTestApi, type TestApi } from './testing/test-api';

const ORIGIN = 'http://localhost:8081';

let api: TestApi;
beforeEach(async () => {
  api = await startTestApi({ allowedOrigins: [ORIGIN] });
});
afterEach(() => api.close());

describe('every answer of the API', () => {
  it('says nosniff: success, errors, refusals and preflights alike', async () => {
    const answers = [
      await api.call('GET', '/api/health'),
      await api.call('GET', '/api/nothing-here'),
      await api.call('POST', '/api/auth/login', { rawBody: '{"broken": ' }),
      await api.call('POST', '/api/auth/login', { rawBody: JSON.stringify({ email: 'x'.repeat(20_000) }) }),
      await api.call('GET', '/api/user/points/balance'),
      await api.call('OPTIONS', '/api/auth/login', {
        headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 400, 413, 401, 204]);
    for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
