import fs from 'node:fs';
import path from 'node:path';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { ACCOUNT_DELETED, DELETE_PASSWORD_INCORRECT } from './routes/my-data';
import { CHANGED_MEANWHILE } from './routes/auth';
import { DEFAULT_PORTAL_ORIGIN } from './app';
import { SoftwareAuthenticator } from './testing/software-authenticator';
import { startTestApi, type TestApi } from './testing/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const PASSWORD = 'Secret@123';

/** A member of the test's own who claimed a stay and redeemed a reward. */
async function memberWithHistory(email: string): Promise<string> {
  const token = await api.registerMember(email, PASSWORD);
  const booking = await api.call('POST', '/api/dev/bookings', {
    body: { startDate: '2025-10-01', endDate: '2025-10-02', points: 500, memberEmail: email, property: 'Data Hotel' },
  });
  const claimed = await api.call('POST', '/api/user/points/claim', {
    token,
    body: { bookingId: booking.body.data.bookingId, bookingDate: '2025-10-01' },
  });
  expect(claimed.status).toBe(201);
  const redeemed = await api.call('POST', '/api/rewards/rw-lounge-pass/redeem', { token, body: { cost: 200 } });
  expect(redeemed.status).toBe(200);
  return token;
}

const balanceOf = async (token: string) =>
  (await api.call('GET', '/api/user/points/balance', { token })).body.data as Record<string, number>;

describe('your data: the download', () => {
  test('holds the profile, preferences, statement, claims, redemptions and messages, and no secret', async () => {
    const token = await memberWithHistory('export.me@example.com');
    // A sign-in with a password: the browser becomes one the programme knows (sign-in alerts).
    await api.login('export.me@example.com', PASSWORD);
    const reply = await api.call('GET', '/api/account/export', { token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="loyalty-data-\d+\.json"$/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const document = reply.body;
    expect(document.profile).toMatchObject({ email: 'export.me@example.com', firstname: 'Test', lastname: 'Member' });
    expect(document.preferences).toEqual(expect.objectContaining({ emailNotifications: expect.any(Boolean) }));
    expect(document.transactions.map((line: { points: number }) => line.points).sort()).toEqual([200, 500]);
    expect(document.claims).toEqual([expect.objectContaining({ startDate: '2025-10-01', points: 500 })]);
    expect(document.bookings).toEqual([
      expect.objectContaining({ property: 'Data Hotel', startDate: '2025-10-01', status: 'stayed' }),
    ]);
    expect(document.redemptions).toEqual([
      expect.objectContaining({
        type: 'debit',
        points: 200,
        reward: expect.objectContaining({ id: 'rw-lounge-pass' }),
      }),
    ]);
    expect(document.messages.length).toBeGreaterThan(0);
    // The browser it signed in on, as sign-in alerts know it: when, never its id or hash.
    expect(document.knownDevices).toEqual([{ firstSeenAt: expect.any(String), lastSeenAt: expect.any(String) }]);
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/scrypt|passwordHash|codeHash|tokenHash|deviceHash/);
  });

  test("holds the passkeys' names and the sessions, never a passkey's key or counter", async () => {
    const token = await api.registerMember('export.keys@example.com', PASSWORD);
    // A second session, used once, as the sessions page would list it.
    const phone = await api.login('export.keys@example.com', PASSWORD);
    expect((await api.call('GET', '/api/auth/me', { token: phone })).status).toBe(200);
    const authenticator = new SoftwareAuthenticator(DEFAULT_PORTAL_ORIGIN, new URL(DEFAULT_PORTAL_ORIGIN).hostname);
    const options = await api.call('POST', '/api/auth/passkeys/registration-options', { token, body: {} });
    const added = await api.call('POST', '/api/auth/passkeys/register', {
      token,
      headers: {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      },
      body: { response: authenticator.register(options.body.data), password: PASSWORD },
    });
    expect(added.status).toBe(201);
    const document = (await api.call('GET', '/api/account/export', { token })).body;
    expect(document.passkeys[0].name).toBe(added.body.data.name);
    expect(document.sessions.length).toBe(2);
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/publicKey|"counter"/);
    expect(text).not.toContain(authenticator.id);
  });

  test("holds nobody else's lines: the demo member's download names none of another member's", async () => {
    const other = await memberWithHistory('export.other@example.com');
    const otherLines = (await api.call('GET', '/api/account/export', { token: other })).body.transactions as {
      id: string;
    }[];
    const demo = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
    const mine = await api.call('GET', '/api/account/export', { token: demo });
    const ids = new Set((mine.body.transactions as { id: string }[]).map((line) => line.id));
    expect(otherLines.some((line) => ids.has(line.id))).toBe(false);
    expect(mine.body.profile.email).toBe(DEMO_EMAIL);
    // No member's id is taken from the request: a query naming another changes nothing.
    const asked = await api.call('GET', '/api/account/export?memberId=mbr-demo-0001&email=export.other@example.com', {
      token: other,
    });
    expect(asked.body.profile.email).toBe('export.other@example.com');
  });

  test('answers 429 past ten downloads an hour, counted per member', async () => {
    const token = await api.registerMember('export.often@example.com', PASSWORD);
    const neighbour = await api.registerMember('export.neighbour@example.com', PASSWORD);
    for (let index = 0; index < 10; index++) {
      expect((await api.call('GET', '/api/account/export', { token })).status).toBe(200);
    }
    const throttled = await api.call('GET', '/api/account/export', { token });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeTruthy();
    // Another member on the same address keeps their own budget.
    expect((await api.call('GET', '/api/account/export', { token: neighbour })).status).toBe(200);
  });

  test('is refused without a session', async () => {
    expect((await api.call('GET', '/api/account/export')).status).toBe(401);
    expect((await api.call('GET', '/api/account/export', { token: 'not.a.token.at.all' })).status).toBe(401);
  });
});

describe('your data: deleting the account', () => {
  test('a wrong or missing password is refused with a message, and nothing is deleted', async () => {
    const token = await api.registerMember('keep.me@example.com', PASSWORD);
    const wrong = await api.call('POST', '/api/account/delete', { token, body: { password: 'Wrong@1234' } });
    expect(wrong).toMatchObject({
      status: 422,
      body: { message: DELETE_PASSWORD_INCORRECT, errors: { password: DELETE_PASSWORD_INCORRECT } },
    });
    const missing = await api.call('POST', '/api/account/delete', { token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.password).toEqual(expect.any(String));
    expect((await api.call('GET', '/api/auth/me', { token })).status).toBe(200);
  });

  test("forgets the member, tells them by e-mail, refuses their tokens and sign-in, and keeps everyone else's arithmetic", async () => {
    const bystander = await memberWithHistory('bystander@example.com');
    const bystanderBefore = await balanceOf(bystander);
    const token = await memberWithHistory('delete.me@example.com');
    const second = await api.login('delete.me@example.com', PASSWORD);
    const ledgerBefore = (api.store.data.transactions as unknown[]).length;
    const memberId = api.store.data.members.find((member) => member.email === 'delete.me@example.com')!.id;

    const reply = await api.call('POST', '/api/account/delete', { token, body: { password: PASSWORD } });
    expect(reply).toMatchObject({ status: 200, body: { message: ACCOUNT_DELETED } });

    // Every session of theirs ends at once, this one and the other.
    for (const old of [token, second]) {
      expect((await api.call('GET', '/api/auth/me', { token: old })).status).toBe(401);
      expect((await api.call('GET', '/api/account/export', { token: old })).status).toBe(401);
    }
    const signIn = await api.call('POST', '/api/auth/login', {
      body: { email: 'delete.me@example.com', password: PASSWORD },
    });
    expect(signIn.status).toBe(401);
    // The one message left for the address is the one that says so.
    const mail = await api.call('GET', '/api/dev/outbox?email=delete.me%40example.com');
    expect(mail.body.data.map((message: { subject: string }) => message.subject)).toEqual([
      'Your account has been deleted',
    ]);
    // Personal data gone; the ledger keeps its lines, anonymised.
    const data = api.store.data;
    expect(data.members.some((member) => member.email === 'delete.me@example.com')).toBe(false);
    expect(JSON.stringify(data.transactions)).not.toContain('delete.me');
    expect(data.transactions.length).toBe(ledgerBefore);
    expect(data.transactions.filter((line) => line.memberId.startsWith('deleted-')).length).toBe(2);
    // The booking they made stays, no longer theirs (docs/product/bookings.md).
    expect(data.bookings.filter((booking) => booking.memberId === memberId)).toEqual([]);
    expect(data.bookings.filter((booking) => booking.property === 'Data Hotel').length).toBeGreaterThan(0);
    expect(await balanceOf(bystander)).toEqual(bystanderBefore);
    // The address is free again: registering it makes a new, empty account.
    const again = await api.registerMember('delete.me@example.com', PASSWORD);
    expect(await balanceOf(again)).toMatchObject({ pointBalance: 0, totalClaimed: 0 });
  });

  test('leaves no name behind: household partners read "a former member", their arithmetic kept (P3)', async () => {
    // A name no other record of the test API holds, so finding it anywhere is finding theirs.
    const leaverEmail = 'leaver.p3@example.com';
    const registered = await api.call('POST', '/api/auth/register', {
      body: {
        email: leaverEmail,
        password: PASSWORD,
        password2: PASSWORD,
        firstname: 'Zelda',
        lastname: 'Quartzfield',
      },
    });
    expect(registered.status).toBe(201);
    const verified = await api.call('POST', '/api/auth/verify-otp', {
      body: { email: leaverEmail, otp: await api.latestCode(leaverEmail), purpose: 'register' },
    });
    const leaver = verified.body.data.accessToken as string;
    const booking = await api.call('POST', '/api/dev/bookings', {
      body: { startDate: '2025-10-01', endDate: '2025-10-02', points: 500 },
    });
    await api.call('POST', '/api/user/points/claim', {
      token: leaver,
      body: { bookingId: booking.body.data.bookingId, bookingDate: '2025-10-01' },
    });
    const partnerEmail = 'partner.p3@example.com';
    const partner = await memberWithHistory(partnerEmail);
    const invited = await api.call('POST', '/api/user/household/invitations', {
      token: leaver,
      body: { email: partnerEmail },
    });
    expect(invited.status).toBe(201);
    const outbox = await api.call('GET', `/api/dev/outbox?email=${encodeURIComponent(partnerEmail)}`);
    const link = (outbox.body.data as { link?: string }[]).find((mail) => mail.link?.includes('household'))!.link!;
    const accepted = await api.call('POST', '/api/user/household/accept', {
      token: partner,
      body: { token: new URL(link).hash.replace('#token=', '') },
    });
    const partnerId = (accepted.body.data.members as { id: string; you: boolean }[]).find((member) => member.you)!.id;
    const leaverId = (accepted.body.data.members as { id: string; you: boolean }[]).find((member) => !member.you)!.id;
    const send = (token: string, toMemberId: string, points: number) =>
      api.call('POST', '/api/user/household/transfers', { token, body: { toMemberId, points } });
    expect((await send(leaver, partnerId, 50)).status).toBe(201);
    expect((await send(partner, leaverId, 20)).status).toBe(201);
    const partnerBefore = await balanceOf(partner);
    const statementOf = async () =>
      (await api.call('GET', '/api/user/transactions/all', { token: partner })).body.data as {
        points: number;
        description: string;
        household?: unknown;
      }[];
    const transfersBefore = (await statementOf()).filter((line) => line.household);

    expect(
      (await api.call('POST', '/api/account/delete', { token: leaver, body: { password: PASSWORD } })).status,
    ).toBe(200);

    // The partner's lines keep their amounts and say who in words the page translates.
    const transfersAfter = (await statementOf()).filter((line) => line.household);
    expect(transfersAfter.map((line) => line.points)).toEqual(transfersBefore.map((line) => line.points));
    expect(transfersAfter.map(({ description, household }) => [description, household])).toEqual([
      ['Household transfer to a former member', { direction: 'out', counterpart: null }],
      ['Household transfer from a former member', { direction: 'in', counterpart: null }],
    ]);
    expect(await balanceOf(partner)).toEqual(partnerBefore);
    // The household forgets them: the partner is its one member.
    const household = (await api.call('GET', '/api/user/household', { token: partner })).body.data;
    expect(household.members).toEqual([expect.objectContaining({ id: partnerId, you: true })]);
    // Nowhere in the store, the partner's download, or the files on disk.
    const exported = await api.call('GET', '/api/account/export', { token: partner });
    const files = fs
      .readdirSync(api.dataDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(api.dataDir, entry.name), 'utf8'));
    const naming = [JSON.stringify(api.store.data), JSON.stringify(exported.body), ...files].filter((text) =>
      /Quartzfield|Zelda/.test(text),
    );
    expect(naming).toEqual([]);
  });

  test('a deletion racing a password change from another session waits for a fresh sign-in', async () => {
    const token = await api.registerMember('race.delete@example.com', PASSWORD);
    const other = await api.login('race.delete@example.com', PASSWORD);
    const [deleted, changed] = await Promise.all([
      api.call('POST', '/api/account/delete', { token, body: { password: PASSWORD } }),
      api.call('POST', '/api/auth/change-password', {
        token: other,
        body: { oldPassword: PASSWORD, newPassword: 'Newer@1234', confirmPassword: 'Newer@1234' },
      }),
    ]);
    // One of the two wins, never both: a deleted account's password is not changed, and a changed
    // password's account is not deleted on the strength of the old one.
    expect([
      [200, 401],
      [200, 409],
    ]).toContainEqual([deleted.status, changed.status].sort());
    if (changed.status === 200) expect(deleted.body.message).toBe(CHANGED_MEANWHILE);
  });
});
