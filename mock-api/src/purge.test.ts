import fs from 'node:fs';
import { purge } from './domain/purge';
import { DEFAULT_SECURITY_SETTINGS } from './security/settings';
import { signToken } from './auth/jwt';
import { TEST_NOW, TEST_SECRET, startTestApi, type TestApi } from './testing/test-api';

jest.setTimeout(60_000);

let api: TestApi;
beforeAll(async () => {
  // The purge runs on demand here (`PURGE_INTERVAL=0`), so the test decides when.
  api = await startTestApi({ security: { purgeIntervalMs: 0 } });
});
afterAll(() => api.close());

const at = (hours: number) => new Date(Date.parse(TEST_NOW) + hours * 3_600_000);
const runPurge = (hours: number) =>
  api.store.transact((data) => purge(data, at(hours), Date.now(), DEFAULT_SECURITY_SETTINGS));

test('what can no longer matter is purged, and what still can is kept', async () => {
  // An anonymous flood: registrations never verified, codes, outbox mail, failed sign-ins.
  for (let index = 0; index < 20; index++) {
    const email = `flood${index}@example.com`;
    await api.call('POST', '/api/auth/register', {
      body: { email, password: 'Flood@1234', password2: 'Flood@1234', firstname: 'F', lastname: 'L' },
    });
    // A wrong code: a code drawn at random is '0000' one time in ten thousand, and would verify.
    const mailed = await api.call<{ data: { code?: string }[] }>('GET', `/api/dev/outbox?email=${email}`);
    const otp = mailed.body.data.some((mail) => mail.code === '0000') ? '0001' : '0000';
    await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'register' } });
    await api.call('POST', '/api/auth/login', { body: { email: `nobody${index}@example.com`, password: 'Nope@1234' } });
  }
  const keeper = await api.registerMember('keeper@example.com');
  await api.call('GET', '/api/auth/logout', { token: keeper });
  const expired = signToken({ sub: 'x', pwv: 1 }, TEST_SECRET, 1, Date.now() - 10_000).claims;
  api.store.transact((data) => void data.revokedTokens.push({ jti: expired.jti, exp: expired.exp }));
  // The data file as compaction writes it (at a stop, when the journal outgrows it, when idle).
  await api.store.compact();
  const sizeBefore = fs.statSync(api.store.file).size;

  // Ten minutes on: the codes have expired; nothing else can go yet.
  expect(runPurge(0.2)).toMatchObject({ codes: 20, unverifiedRegistrations: 0, outbox: 0, revokedTokens: 1 });
  // A day on: the registrations never verified, their mail and their limits go; members stay.
  const dayLater = runPurge(25);
  expect(dayLater).toMatchObject({ unverifiedRegistrations: 20, outbox: 21, codeLimits: 21 });
  expect(api.store.data.members.map((member) => member.email)).toEqual(['member@example.com', 'keeper@example.com']);
  // The logout of a token still valid is kept until that token expires.
  expect(api.store.data.revokedTokens).toHaveLength(1);
  // Failed sign-ins of unknown addresses stay as long as a lockout of theirs must last.
  expect(api.store.data.signInFailures).toHaveLength(20);
  expect(runPurge(24 * 31)).toMatchObject({ signInFailures: 20 });
  await api.store.compact();
  const sizeAfter = fs.statSync(api.store.file).size;
  console.log(`Data file after a flood of 20 registrations: ${sizeBefore} bytes; purged: ${sizeAfter} bytes`);
  expect(sizeAfter).toBeLessThan(sizeBefore / 2);
});
