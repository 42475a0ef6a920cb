import net from 'node:net';
import { BODY_TIMED_OUT } from './http/time-limits';
import { startTestApi, type TestApi } from './testing/test-api';

/** Each limit short, so the test runs in seconds; the defaults are in the README. */
const LIMITS = { headersMs: 400, bodyMs: 600, idleMs: 500 };

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ security: { timeLimits: LIMITS } });
});
afterAll(() => api.close());

/** Opens a raw connection, writes `text`, and resolves with what came back and when it closed. */
function rawExchange(text: string | null, giveUpMs = 5000): Promise<{ answer: string; closedAfterMs: number }> {
  const { port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      if (text !== null) socket.write(text);
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms; got ${JSON.stringify(answer)}`));
    }, giveUpMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

test('a body that stalls half-way is answered 408 with a message, and the connection closes', async () => {
  const { answer, closedAfterMs } = await rawExchange(
    'POST /api/auth/login HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: 80\r\n\r\n{"email":',
  );
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(answer).toContain(JSON.stringify({ message: BODY_TIMED_OUT }));
  expect(closedAfterMs).toBeGreaterThanOrEqual(LIMITS.bodyMs - 50);
  expect(closedAfterMs).toBeLessThan(LIMITS.bodyMs + 1500);
});

test('headers that never end are answered 408 and the connection closes', async () => {
  const { answer, closedAfterMs } = await rawExchange('POST /api/auth/login HTTP/1.1\r\nHost: api\r\n');
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(closedAfterMs).toBeLessThan(LIMITS.headersMs + 1500);
});

test('a connection that sends nothing is closed', async () => {
  const { closedAfterMs } = await rawExchange(null);
  expect(closedAfterMs).toBeLessThan(LIMITS.headersMs + 1500);
});

test('a kept-alive connection may idle between requests only so long', async () => {
  const { answer, closedAfterMs } = await rawExchange('GET /api/health HTTP/1.1\r\nHost: api\r\n\r\n');
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(closedAfterMs).toBeGreaterThanOrEqual(LIMITS.idleMs - 50);
  expect(closedAfterMs).toBeLessThan(LIMITS.idleMs + 1500);
});

test('a body that arrives in time is answered as usual', async () => {
  const body = JSON.stringify({ email: 'member@example.com', password: 'Demo@1234' });
  const { answer } = await rawExchange(
    `POST /api/auth/login HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
  );
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
});
