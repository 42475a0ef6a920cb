import net, { type AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures';
import { API_ORIGIN, REMOTE_ORIGINS, SHELL_ORIGIN, TELEMETRY_ORIGIN } from '../support/endpoints';
import { get, rawRequest, type RawAnswer } from '../support/raw-http';
import { memberAddress } from '../support/member-address';
import { startSignedIn } from '../support/session';

const ORIGINS = [SHELL_ORIGIN, ...Object.values(REMOTE_ORIGINS)];

/** A port that answers nothing but counts who dials it: where an open proxy would send requests. */
async function listener(): Promise<{ port: number; dialled: () => number; close: () => void }> {
  let dialled = 0;
  const server = net.createServer((socket) => {
    dialled += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, dialled: () => dialled, close: () => server.close() };
}

const refused = (answer: RawAnswer) => answer.status !== null && answer.status >= 400 && answer.status < 500;

test.describe('the edge', () => {
  test('answers malformed, overlong and oversized requests with a 4xx on every origin, and stays up for members', async ({
    page,
    member,
  }) => {
    const manyHeaders = Array.from({ length: 40 }, (_, n) => `X-Filler-${n}: ${'f'.repeat(1000)}\r\n`).join('');
    const attacks = [
      get('/%ff'),
      get('/%c0%af'),
      get('/..%2f..%2fetc%2fpasswd'),
      get('/dashboard/..%2f..%2f..%2f..%2fetc/passwd'),
      get('/%2e%2e/%2e%2e/etc/passwd'),
      get('/a%00b'),
      `GET /a\u0000b HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      get('/api/%ff'),
      get(`/${'a'.repeat(10_000)}`),
      get(`/auth/login?returnTo=${'q'.repeat(10_000)}`),
      get('/', `X-Big: ${'b'.repeat(16_000)}\r\n`),
      get('/', manyHeaders),
      'GET http://127.0.0.1:9/ HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 40000\r\n\r\n${'x'.repeat(40_000)}`,
    ];
    for (const origin of ORIGINS) {
      for (const attack of attacks) {
        const answer = await rawRequest(origin, attack);
        expect(refused(answer), `${origin} ← ${JSON.stringify(attack.slice(0, 60))}: ${answer.statusLine}`).toBe(true);
      }
    }
    // HTTP/0.9 has no headers to carry a policy: the edge closes it unanswered.
    expect(await rawRequest(SHELL_ORIGIN, 'GET /\r\n\r\n')).toMatchObject({ status: null });

    // Every origin still serves, and a member's page load right after works.
    for (const origin of ORIGINS) expect((await fetch(`${origin}/`)).status).toBe(200);
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
  });

  test('closes a request whose headers or body stall within seconds, and keeps serving meanwhile', async ({ page }) => {
    const slowBody = rawRequest(
      SHELL_ORIGIN,
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":',
      { waitMs: 30_000 },
    );
    const slowHeaders = rawRequest(SHELL_ORIGIN, 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', { waitMs: 30_000 });
    // Meanwhile the portal answers as ever.
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    for (const stalled of await Promise.all([slowBody, slowHeaders])) {
      // nginx ends a timed-out request by closing it (its log says 408): no answer, never the API's.
      expect(stalled.status).toBeNull();
      expect(stalled.ended).not.toBe('gave up');
      expect(stalled.ms).toBeLessThan(20_000);
    }
  });

  test('is no open proxy: whatever a request names, /api/ goes to the one API and nowhere else', async () => {
    const elsewhere = await listener();
    try {
      const target = `127.0.0.1:${elsewhere.port}`;
      const absolute = [`http://${target}/api/health`, `http://${target}/`, `https://${target}/api/x`];
      for (const form of absolute) {
        const answer = await rawRequest(SHELL_ORIGIN, `GET ${form} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
        expect(refused(answer), `${form}: ${answer.statusLine}`).toBe(true);
      }
      // A path that merely starts like an address is a path of the portal's, answered by the portal.
      const pathLike = await rawRequest(SHELL_ORIGIN, get(`//${target}/api/x`));
      expect(pathLike.status).not.toBeNull();
      const connect = await rawRequest(SHELL_ORIGIN, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      expect(refused(connect), connect.statusLine).toBe(true);
      // A Host header naming another server changes nothing: the API answers.
      const withHost = await rawRequest(
        SHELL_ORIGIN,
        `GET /api/health HTTP/1.1\r\nHost: ${target}\r\nConnection: close\r\n\r\n`,
      );
      expect(withHost.status).toBe(200);
      for (const origin of Object.values(REMOTE_ORIGINS)) {
        expect(
          refused(await rawRequest(origin, `GET http://${target}/api/health HTTP/1.1\r\nHost: ${target}\r\n\r\n`)),
        ).toBe(true);
      }
      expect(elsewhere.dialled()).toBe(0);
    } finally {
      elsewhere.close();
    }
  });

  test("never passes /api/dev on: 404 through the shell's origin, however the path is written", async ({ request }) => {
    // The API itself has these routes in this suite (it is started for tests): the 404 is the edge's.
    expect((await request.get(`${API_ORIGIN}/api/dev/outbox?email=a@example.com`)).status()).toBe(200);
    const spellings = [
      '/api/dev/outbox?email=a@example.com',
      '/api/dev/clock',
      '/api/dev/bookings',
      '/api/dev',
      '/api/DEV/outbox?email=a@example.com',
      '/api/Dev/clock',
      '/api/%64ev/outbox?email=a@example.com',
      '/api//dev/outbox?email=a@example.com',
      '/api/x/../dev/outbox?email=a@example.com',
      '/api/./dev/clock',
      '/api%2fdev/clock',
    ];
    for (const path of spellings) {
      const answer = await rawRequest(SHELL_ORIGIN, get(path));
      expect([path, answer.status]).toEqual([path, 404]);
    }
    const post = await rawRequest(
      SHELL_ORIGIN,
      'POST /api/dev/clock HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 12\r\nConnection: close\r\n\r\n{"now":null}',
    );
    expect(post.status).toBe(404);
  });

  test("a member's first page brings the reporter cookie, and its first pass is counted under that reporter", async ({
    browser,
  }) => {
    // An address of its own, which meets the shipped share of cookies (120 in 30 minutes,
    // decision 073): the suite's receiver lifts it for 127.0.0.1 alone, where the other browsers are.
    const address = await memberAddress('127.0.0.90');
    const context = await address.newContext(browser);
    const page = await context.newPage();
    /** Pass and report requests whose cookie both the edge and the receiver checked (decision 071). */
    const checked = async () => {
      const text = await (await fetch(`${TELEMETRY_ORIGIN}/metrics`)).text();
      const line = text
        .split('\n')
        .find((row) => row.startsWith('loyalty_telemetry_reporter_requests_total{cookie="checked"} '));
      return line ? Number(line.split(' ')[1]) : 0;
    };
    const passAnswer = () =>
      page.waitForResponse((answer) => new URL(answer.url()).pathname === '/telemetry/v1/pass', { timeout: 30_000 });
    const reports = () =>
      page.waitForRequest((request) => new URL(request.url()).pathname === '/telemetry/v1/reports', {
        timeout: 30_000,
      });
    const before = await checked();

    // The page itself brings the cookie (decision 073), for the browser alone to keep.
    const firstPass = passAnswer();
    const landing = await page.goto(`${SHELL_ORIGIN}/auth/login`);
    expect(landing!.status()).toBe(200);
    expect(await landing!.headerValue('set-cookie')).toMatch(/^loyalty_reporter=/);
    expect(await landing!.headerValue('cache-control')).toBe('private, no-cache');
    const cookie = (await context.cookies(SHELL_ORIGIN)).find(({ name }) => name === 'loyalty_reporter');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Strict' });
    expect(cookie!.value).toMatch(/^[\w-]{16}\.\d{10}\.[\w-]{22}\.[\w-]{43}$/);

    // The first pass request already carries it, and is counted as that reporter's by the edge and
    // the receiver; the receiver mints no other.
    const first = await firstPass;
    expect(first.status()).toBe(201);
    expect((await first.request().allHeaders()).cookie).toContain(`loyalty_reporter=${cookie!.value}`);
    // Only the network's cohort beside it (decision 060), readable by the page.
    expect(await first.headerValue('set-cookie')).toMatch(/^loyalty_cohort=[\w-]{16};[^\n]*$/);
    await expect.poll(checked).toBeGreaterThanOrEqual(before + 1);

    // The next page keeps it: no new cookie, and its reports leave with it.
    const secondPass = passAnswer();
    await page.reload();
    const second = await secondPass;
    const beacon = reports();
    expect((await second.request().allHeaders()).cookie).toContain(`loyalty_reporter=${cookie!.value}`);
    expect(await second.headerValue('set-cookie')).not.toContain('loyalty_reporter=');
    await page.goto(`${SHELL_ORIGIN}/auth/register`);
    expect((await (await beacon).allHeaders()).cookie).toContain(`loyalty_reporter=${cookie!.value}`);
    const kept = (await context.cookies(SHELL_ORIGIN)).filter(({ name }) => name === 'loyalty_reporter');
    expect(kept.map(({ value }) => value)).toEqual([cookie!.value]);
    await expect.poll(checked).toBeGreaterThanOrEqual(before + 3);
    await context.close();
    await address.close();
  });

  test('a member whose address changes gets a new reporter cookie with its next page, and reports under it', async ({
    browser,
  }) => {
    // A phone on Wi-Fi (one address), then on mobile data (another), its cookies with it: the cookie
    // counts only from the client it was minted to (decision 076). Addresses of their own, with the
    // shipped share of cookies.
    const [wifi, mobile] = await Promise.all([memberAddress('127.0.0.91'), memberAddress('127.0.0.92')]);
    const reporterCookie = async (context: Awaited<ReturnType<typeof wifi.newContext>>) =>
      (await context.cookies(SHELL_ORIGIN)).filter(({ name }) => name === 'loyalty_reporter');
    const before = await wifi.newContext(browser);
    const landing = await (await before.newPage()).goto(`${SHELL_ORIGIN}/auth/login`);
    expect(await landing!.headerValue('set-cookie')).toMatch(/^loyalty_reporter=/);
    const [minted] = await reporterCookie(before);
    const jar = await before.cookies();
    await before.close();

    const after = await mobile.newContext(browser);
    await after.addCookies(jar);
    const page = await after.newPage();
    const pass = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/telemetry/v1/pass', {
      timeout: 30_000,
    });
    const moved = await page.goto(`${SHELL_ORIGIN}/auth/login`);
    expect(moved!.status()).toBe(200);
    // The request carried the old cookie; the page answers with a fresh one, which replaces it.
    expect((await moved!.request().allHeaders()).cookie).toContain(`loyalty_reporter=${minted!.value}`);
    expect(await moved!.headerValue('set-cookie')).toMatch(/^loyalty_reporter=/);
    const kept = await reporterCookie(after);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.value).not.toBe(minted!.value);
    // The page's first pass leaves with the fresh cookie and needs no other.
    const first = await pass;
    expect(first.status()).toBe(201);
    expect((await first.request().allHeaders()).cookie).toContain(`loyalty_reporter=${kept[0]!.value}`);
    expect(await first.headerValue('set-cookie')).not.toContain('loyalty_reporter=');
    await after.close();
    await Promise.all([wifi.close(), mobile.close()]);
  });
});
