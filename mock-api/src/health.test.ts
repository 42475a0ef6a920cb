import { startTestApi, type TestApi } from './testing/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

test('health answers ok, which test runners wait for', async () => {
  const reply = await api.call('GET', '/api/health');
  expect(reply).toMatchObject({ status: 200, body: { status: 'ok' } });
});

test('an unknown route is a JSON 404', async () => {
  const reply = await api.call('GET', '/api/nothing-here');
  expect(reply.status).toBe(404);
  expect(typeof reply.body.message).toBe('string');
});
