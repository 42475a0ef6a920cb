import { SESSION_NOT_FOUND } from './routes/sessions';
import { startTestApi, type TestApi } from './testing/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const PASSWORD = 'Secret@123';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Signs `email` in from a browser that sends `userAgent`, and has it make its first request. */
async function signInFrom(email: string, userAgent: string): Promise<string> {
  const reply = await api.call<{ token: string }>('POST', '/api/auth/login', {
    body: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(reply.status).toBe(200);
  const me = await api.call('GET', '/api/auth/me', { token: reply.body.token, headers: { 'user-agent': userAgent } });
  expect(me.status).toBe(200);
  return reply.body.token;
}

type View = { id: string; browser: string; os: string; deviceType: string; current: boolean; lastUsedAt: string };
const sessionsOf = async (token: string) =>
  (await api.call<{ data: View[] }>('GET', '/api/account/sessions', { token })).body.data;

describe('sessions and devices', () => {
  test("lists the member's sessions, with device and browser, this one first and marked", async () => {
    await api.registerMember('devices@example.com', PASSWORD);
    const phone = await signInFrom('devices@example.com', PHONE);
    const laptop = await signInFrom('devices@example.com', LAPTOP);
    const seen = await sessionsOf(laptop);
    expect(seen[0]).toMatchObject({ browser: 'Chrome 131', os: 'Linux', deviceType: 'desktop', current: true });
    expect(seen).toContainEqual(
      expect.objectContaining({ browser: 'Safari 17', os: 'iOS 17', deviceType: 'mobile', current: false }),
    );
    expect((await sessionsOf(phone)).find((view) => view.current)).toMatchObject({ os: 'iOS 17' });
  });

  test('an ended session is refused at once, everywhere; the others go on', async () => {
    await api.registerMember('end.one@example.com', PASSWORD);
    const phone = await signInFrom('end.one@example.com', PHONE);
    const laptop = await signInFrom('end.one@example.com', LAPTOP);
    const phoneSession = (await sessionsOf(laptop)).find((view) => view.os.startsWith('iOS'))!;
    const ended = await api.call('POST', `/api/account/sessions/${phoneSession.id}/end`, { token: laptop });
    expect(ended.status).toBe(200);
    expect((await api.call('GET', '/api/auth/me', { token: phone })).status).toBe(401);
    expect((await api.call('GET', '/api/user/points/balance', { token: phone })).status).toBe(401);
    expect((await api.call('GET', '/api/auth/me', { token: laptop })).status).toBe(200);
    expect((await sessionsOf(laptop)).map((view) => view.id)).not.toContain(phoneSession.id);
  });

  test('ending all the others keeps this one', async () => {
    await api.registerMember('end.others@example.com', PASSWORD);
    const others = [
      await signInFrom('end.others@example.com', PHONE),
      await signInFrom('end.others@example.com', PHONE),
    ];
    const laptop = await signInFrom('end.others@example.com', LAPTOP);
    const reply = await api.call('POST', '/api/account/sessions/end-others', { token: laptop });
    expect(reply.body.data.ended).toBeGreaterThanOrEqual(2);
    for (const token of others) expect((await api.call('GET', '/api/auth/me', { token })).status).toBe(401);
    expect(await sessionsOf(laptop)).toEqual([expect.objectContaining({ current: true })]);
  });

  test("another member's session can be neither seen nor ended (IDOR), nor a made-up one", async () => {
    await api.registerMember('victim@example.com', PASSWORD);
    await api.registerMember('attacker@example.com', PASSWORD);
    const victim = await signInFrom('victim@example.com', PHONE);
    const attacker = await signInFrom('attacker@example.com', LAPTOP);
    const victimSession = (await sessionsOf(victim))[0]!;
    expect((await sessionsOf(attacker)).map((view) => view.id)).not.toContain(victimSession.id);
    for (const id of [victimSession.id, 'not-a-session', '../../auth/me', 'x'.repeat(300)]) {
      const reply = await api.call('POST', `/api/account/sessions/${encodeURIComponent(id)}/end`, { token: attacker });
      expect(reply).toMatchObject({ status: 404, body: { message: SESSION_NOT_FOUND } });
    }
    expect((await api.call('GET', '/api/auth/me', { token: victim })).status).toBe(200);
  });

  test('logging out, or changing the password, takes the sessions it ends off the list', async () => {
    await api.registerMember('tidy@example.com', PASSWORD);
    const phone = await signInFrom('tidy@example.com', PHONE);
    const laptop = await signInFrom('tidy@example.com', LAPTOP);
    await api.call('GET', '/api/auth/logout', { token: phone });
    expect((await sessionsOf(laptop)).map((view) => view.os)).toEqual(['Linux']);
    const changed = await api.call<{ token: string }>('POST', '/api/auth/change-password', {
      token: laptop,
      body: { oldPassword: PASSWORD, newPassword: 'Newer@1234', confirmPassword: 'Newer@1234' },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.token;
    expect(await sessionsOf(fresh)).toEqual([expect.objectContaining({ current: true })]);
  });

  test('a token the API has not seen yet is recorded once, however many requests race with it', async () => {
    await api.registerMember('racer@example.com', PASSWORD);
    const reply = await api.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email: 'racer@example.com', password: PASSWORD },
    });
    const token = reply.body.token;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => api.call('GET', '/api/auth/me', { token, headers: { 'user-agent': LAPTOP } })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await sessionsOf(token)).toHaveLength(1);
  });
});
