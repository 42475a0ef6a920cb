import { HOUSEHOLD_DAILY_TRANSFER_LIMIT, HOUSEHOLD_MAX_MEMBERS, HOUSEHOLD_TEXTS } from '@loyalty/shared/api/household';
import { TEST_NOW, startTestApi, type TestApi } from './testing/test-api';
import { memberWith as memberWithPoints } from './testing/members';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(async () => {
  await api.call('POST', '/api/dev/clock', { body: { now: TEST_NOW } });
});

let members = 0;
interface Member {
  email: string;
  token: string;
  id: string;
}
/** A member of the test's own with `points` available points. */
async function memberWith(points: number): Promise<Member> {
  const email = `household${members++}@example.com`;
  const token = points > 0 ? await memberWithPoints(api, email, points) : await api.registerMember(email);
  const me = await api.call('GET', '/api/auth/me', { token });
  return { email, token, id: me.body.data.Id as string };
}

const invite = (from: Member, email: string) =>
  api.call('POST', '/api/user/household/invitations', { token: from.token, body: { email } });

/** The token of the latest invitation link in the outbox of `email`. */
async function invitationToken(email: string): Promise<string> {
  const outbox = await api.call('GET', `/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const link = (outbox.body.data as { link?: string }[]).find((mail) =>
    mail.link?.includes('/dashboard/household#'),
  )?.link;
  if (!link) throw new Error(`No invitation in the outbox of ${email}`);
  return new URL(link).hash.replace('#token=', '');
}

const accept = (member: Member, token: string) =>
  api.call('POST', '/api/user/household/accept', { token: member.token, body: { token } });
const withdraw = (member: Member, invitationId: string) =>
  api.call('POST', `/api/user/household/invitations/${invitationId}/withdraw`, { token: member.token, body: {} });
/** The id of the household's pending invitation to `email`, as `member` sees it. */
const invitationIdOf = async (member: Member, email: string) =>
  ((await householdOf(member)).invitations as { id: string; email: string }[]).find(
    (invitation) => invitation.email === email,
  )!.id;
const transfer = (from: Member, to: string, points: number) =>
  api.call('POST', '/api/user/household/transfers', { token: from.token, body: { toMemberId: to, points } });
const balanceOf = async (member: Member) =>
  (await api.call('GET', '/api/user/points/balance', { token: member.token })).body.data.pointBalance as number;
const householdOf = async (member: Member) =>
  (await api.call('GET', '/api/user/household', { token: member.token })).body.data;

/** Two members in one household: `owner` invited `other`, who accepted. */
async function household(ownerPoints: number, otherPoints = 0) {
  const owner = await memberWith(ownerPoints);
  const other = await memberWith(otherPoints);
  expect((await invite(owner, other.email)).status).toBe(201);
  expect((await accept(other, await invitationToken(other.email))).status).toBe(200);
  return { owner, other };
}

describe('invitations', () => {
  test('an invitation goes to the outbox; the invited member accepts it once', async () => {
    const owner = await memberWith(0);
    const other = await memberWith(0);
    expect(await householdOf(owner)).toBeNull();
    const invited = await invite(owner, other.email.toUpperCase());
    expect(invited.status).toBe(201);
    expect(invited.body.data.invitations).toEqual([
      expect.objectContaining({ email: other.email, expiresAt: '2026-01-22T12:00:00.000Z' }),
    ]);
    const token = await invitationToken(other.email);
    const accepted = await accept(other, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.members.map((member: { id: string; you: boolean }) => [member.id, member.you])).toEqual([
      [owner.id, false],
      [other.id, true],
    ]);
    expect(accepted.body.data.invitations).toEqual([]);
    // Used: the same link says nothing more.
    const again = await accept(other, token);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(HOUSEHOLD_TEXTS.invitationInvalid);
  });

  test("another member cannot accept someone else's invitation, which still works for its owner", async () => {
    const owner = await memberWith(0);
    const invitee = await memberWith(0);
    const intruder = await memberWith(0);
    await invite(owner, invitee.email);
    const token = await invitationToken(invitee.email);
    const stolen = await accept(intruder, token);
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe(HOUSEHOLD_TEXTS.invitationForSomeoneElse);
    expect(await householdOf(intruder)).toBeNull();
    expect((await accept(invitee, token)).status).toBe(200);
  });

  test('an invitation expires on the business clock', async () => {
    const owner = await memberWith(0);
    const other = await memberWith(0);
    await invite(owner, other.email);
    const token = await invitationToken(other.email);
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-01-22T12:00:00.000Z' } });
    const late = await accept(other, token);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(HOUSEHOLD_TEXTS.invitationExpired);
    expect(await householdOf(other)).toBeNull();
  });

  test('a household holds at most its documented size, invitations counted; no one twice', async () => {
    const owner = await memberWith(0);
    for (let index = 1; index < HOUSEHOLD_MAX_MEMBERS; index++)
      expect((await invite(owner, `guest${members}-${index}@example.com`)).status).toBe(201);
    const full = await invite(owner, `guest${members}-last@example.com`);
    expect(full.status).toBe(409);
    expect(full.body.errors.household).toBe(HOUSEHOLD_TEXTS.full);
    const twice = await invite(owner, `guest${members}-1@example.com`);
    expect(twice.status).toBe(409);
    expect(twice.body.errors.email).toBe(HOUSEHOLD_TEXTS.alreadyInvited);
    expect((await invite(owner, owner.email)).status).toBe(422);
    expect((await invite(owner, 'not an address')).status).toBe(422);
  });
});

describe('withdrawing an invitation', () => {
  test('the inviter withdraws it: its link then answers 404 and the place is free again', async () => {
    const owner = await memberWith(0);
    const invitee = await memberWith(0);
    const invited = await invite(owner, invitee.email);
    expect(invited.body.data.invitations).toEqual([expect.objectContaining({ email: invitee.email, sentByYou: true })]);
    const token = await invitationToken(invitee.email);
    const withdrawn = await withdraw(owner, invited.body.data.invitations[0].id);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.message).toBe(HOUSEHOLD_TEXTS.withdrawn);
    expect(withdrawn.body.data.invitations).toEqual([]);
    // What the invited member sees on following the e-mailed link.
    const late = await accept(invitee, token);
    expect(late.status).toBe(404);
    expect(late.body.message).toBe(HOUSEHOLD_TEXTS.invitationInvalid);
    expect(await householdOf(invitee)).toBeNull();
    // Withdrawn once: a second time reads as no such invitation. Inviting again sends a new link.
    expect((await withdraw(owner, invited.body.data.invitations[0].id)).status).toBe(404);
    expect((await invite(owner, invitee.email)).status).toBe(201);
    expect((await accept(invitee, await invitationToken(invitee.email))).status).toBe(200);
  });

  test("no one withdraws another member's invitation, in the household or out of it (IDOR)", async () => {
    const { owner, other } = await household(0);
    const outsider = await memberWith(0);
    const invitee = `withdraw${members}@example.com`;
    await invite(owner, invitee);
    const invitationId = await invitationIdOf(owner, invitee);
    // The other member sees it, not as theirs; the outsider has no household; a made-up id is no one's.
    expect((await householdOf(other)).invitations).toEqual([expect.objectContaining({ sentByYou: false })]);
    const byMember = await withdraw(other, invitationId);
    expect(byMember.status).toBe(404);
    expect(byMember.body.message).toBe(HOUSEHOLD_TEXTS.noSuchInvitation);
    expect((await withdraw(outsider, invitationId)).status).toBe(409);
    await invite(outsider, `withdraw${members}-own@example.com`);
    const byOutsider = await withdraw(outsider, invitationId);
    expect(byOutsider.status).toBe(404);
    expect(byOutsider.body.message).toBe(HOUSEHOLD_TEXTS.noSuchInvitation);
    expect((await withdraw(owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await householdOf(owner)).invitations).toEqual([expect.objectContaining({ id: invitationId })]);
  });

  test('an expired invitation is no longer pending: nothing to withdraw', async () => {
    const owner = await memberWith(0);
    const invitee = `expired${members}@example.com`;
    await invite(owner, invitee);
    const invitationId = await invitationIdOf(owner, invitee);
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-01-22T12:00:00.000Z' } });
    expect((await withdraw(owner, invitationId)).status).toBe(404);
  });
});

describe('transfers', () => {
  test('a transfer is two ledger lines, a debit and a credit, and counts against the daily limit', async () => {
    const { owner, other } = await household(1200, 100);
    const sent = await transfer(owner, other.id, 700);
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(HOUSEHOLD_TEXTS.transferred);
    expect(sent.body.data.transaction).toMatchObject({ type: 'debit', points: 700 });
    expect(sent.body.data.balance.pointBalance).toBe(500);
    expect(sent.body.data.household.sentToday).toBe(700);
    expect(await balanceOf(other)).toBe(800);
    const senderLines = (await api.call('GET', '/api/user/transactions/all', { token: owner.token })).body.data;
    const recipientLines = (await api.call('GET', '/api/user/transactions/all', { token: other.token })).body.data;
    expect(senderLines[0]).toMatchObject({
      type: 'debit',
      points: 700,
      description: 'Household transfer to Test Member',
    });
    expect(recipientLines[0]).toMatchObject({
      type: 'credit',
      points: 700,
      description: 'Household transfer from Test Member',
      household: { direction: 'in', counterpart: 'Test Member' },
    });
    // The two lines are one transfer: same points, same moment.
    expect(senderLines[0].date).toBe(recipientLines[0].date);
  });

  test('refused: more than the balance, past the daily limit, to oneself, malformed', async () => {
    const { owner, other } = await household(HOUSEHOLD_DAILY_TRANSFER_LIMIT + 1000);
    const tooMuch = await transfer(owner, other.id, HOUSEHOLD_DAILY_TRANSFER_LIMIT + 1001);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.points).toBe(HOUSEHOLD_TEXTS.notEnoughPoints);
    const overLimit = await transfer(owner, other.id, HOUSEHOLD_DAILY_TRANSFER_LIMIT + 1);
    expect(overLimit.status).toBe(422);
    expect(overLimit.body.errors.dailyLimit).toBe(HOUSEHOLD_TEXTS.dailyLimit);
    expect((await transfer(owner, owner.id, 1)).status).toBe(422);
    expect((await transfer(owner, other.id, 1.5)).status).toBe(422);
    expect((await transfer(owner, other.id, 0)).status).toBe(422);
    expect(await balanceOf(owner)).toBe(HOUSEHOLD_DAILY_TRANSFER_LIMIT + 1000);
    // The limit is per business day.
    expect((await transfer(owner, other.id, HOUSEHOLD_DAILY_TRANSFER_LIMIT)).status).toBe(201);
    expect((await transfer(owner, other.id, 1)).status).toBe(422);
    await api.call('POST', '/api/dev/clock', { body: { now: '2026-01-16T12:00:00.000Z' } });
    expect((await transfer(owner, other.id, 1000)).status).toBe(201);
  });

  test('no transfer to someone outside the household, nor a look at another household (IDOR)', async () => {
    const first = await household(1000);
    const second = await household(1000);
    const outsider = await memberWith(0);
    for (const target of [outsider.id, second.other.id, 'mbr-demo-0001', 'nobody']) {
      const reply = await transfer(first.owner, target, 10);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe(HOUSEHOLD_TEXTS.notAMember);
    }
    expect(await balanceOf(first.owner)).toBe(1000);
    expect(await balanceOf(outsider)).toBe(0);
    // Each member sees their own household only; an outsider has none to send from.
    const seen = await householdOf(second.owner);
    expect(seen.members.map((member: { id: string }) => member.id)).toEqual([second.owner.id, second.other.id]);
    expect((await transfer(outsider, first.owner.id, 1)).status).toBe(409);
  });

  test('the household transfer budget answers 429 past ten calls a minute per member', async () => {
    const { owner, other } = await household(0);
    for (let index = 0; index < 10; index++) expect((await transfer(owner, other.id, 1)).status).toBe(422);
    const throttled = await transfer(owner, other.id, 1);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeTruthy();
    // Another member's budget is their own.
    expect((await transfer(other, owner.id, 1)).status).toBe(422);
  });
});

describe('races (bounded: at most 8 concurrent calls)', () => {
  const lines = (member: Member) =>
    api
      .call('GET', '/api/user/transactions/all', { token: member.token })
      .then((reply) => reply.body.data as { description: string }[]);

  test('accept and withdraw of one invitation racing: one wins, in four rounds', async () => {
    const owner = await memberWith(0);
    for (let round = 0; round < 4; round++) {
      const invitee = await memberWith(0);
      await invite(owner, invitee.email);
      const invitationId = await invitationIdOf(owner, invitee.email);
      const token = await invitationToken(invitee.email);
      const [accepted, withdrawn] = await Promise.all([accept(invitee, token), withdraw(owner, invitationId)]);
      // One winner: the other finds the invitation gone (404).
      expect([accepted.status, withdrawn.status].sort()).toEqual([200, 404]);
      const joined = (await householdOf(invitee)) !== null;
      // The winner's outcome is the household's: joined if the accept won, no trace of the invitation either way.
      expect(joined).toBe(accepted.status === 200);
      expect((await householdOf(owner)).invitations).toEqual([]);
      if (joined)
        expect((await api.call('POST', '/api/user/household/leave', { token: invitee.token, body: {} })).status).toBe(
          200,
        );
    }
  });

  test('transfers that together pass the balance: exactly those the balance allows succeed', async () => {
    const { owner, other } = await household(2500);
    const replies = await Promise.all(Array.from({ length: 8 }, () => transfer(owner, other.id, 500)));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 422)).toHaveLength(3);
    expect(await balanceOf(owner)).toBe(0);
    expect(await balanceOf(other)).toBe(2500);
    const sent = (await lines(owner)).filter((line) => line.description.startsWith('Household transfer to'));
    const received = (await lines(other)).filter((line) => line.description.startsWith('Household transfer from'));
    expect([sent.length, received.length]).toEqual([5, 5]);
  });

  test('transfers that together pass the daily limit: exactly those the limit allows succeed', async () => {
    const { owner, other } = await household(HOUSEHOLD_DAILY_TRANSFER_LIMIT * 2);
    const share = HOUSEHOLD_DAILY_TRANSFER_LIMIT / 5;
    const replies = await Promise.all(Array.from({ length: 8 }, () => transfer(owner, other.id, share)));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 422).map((reply) => reply.body.errors.dailyLimit)).toEqual([
      HOUSEHOLD_TEXTS.dailyLimit,
      HOUSEHOLD_TEXTS.dailyLimit,
      HOUSEHOLD_TEXTS.dailyLimit,
    ]);
    expect(await balanceOf(owner)).toBe(HOUSEHOLD_DAILY_TRANSFER_LIMIT);
    expect(await balanceOf(other)).toBe(HOUSEHOLD_DAILY_TRANSFER_LIMIT);
  });
});

describe('pooling and leaving', () => {
  test('pooling sends what may be sent today: the balance, within the daily limit', async () => {
    const { owner, other } = await household(HOUSEHOLD_DAILY_TRANSFER_LIMIT + 300, 200);
    const pooled = await api.call('POST', '/api/user/household/pool', {
      token: owner.token,
      body: { toMemberId: other.id },
    });
    expect(pooled.status).toBe(201);
    expect(pooled.body.data.transaction.points).toBe(HOUSEHOLD_DAILY_TRANSFER_LIMIT);
    expect(await balanceOf(owner)).toBe(300);
    const fromOther = await api.call('POST', '/api/user/household/pool', {
      token: other.token,
      body: { toMemberId: owner.id },
    });
    // The other holds the limit and 200 more: the limit goes, the 200 stay for another day.
    expect(fromOther.body.data.transaction.points).toBe(HOUSEHOLD_DAILY_TRANSFER_LIMIT);
    expect(fromOther.body.data.balance.pointBalance).toBe(200);
    const nothing = await api.call('POST', '/api/user/household/pool', {
      token: other.token,
      body: { toMemberId: owner.id },
    });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toBe(HOUSEHOLD_TEXTS.nothingToPool);
  });

  test('a member leaves at any time with their points; the last one out ends the household', async () => {
    const { owner, other } = await household(500, 100);
    const left = await api.call('POST', '/api/user/household/leave', { token: other.token, body: {} });
    expect(left.status).toBe(200);
    expect(await householdOf(other)).toBeNull();
    expect(await balanceOf(other)).toBe(100);
    expect((await transfer(owner, other.id, 10)).status).toBe(404);
    expect((await householdOf(owner)).members).toHaveLength(1);
    // A member who leaves takes their pending invitations along: no one else could withdraw them.
    const { owner: stayer, other: leaver } = await household(0);
    await invite(stayer, `stays${members}@example.com`);
    await invite(leaver, `goes${members}@example.com`);
    expect((await householdOf(stayer)).invitations).toHaveLength(2);
    expect((await api.call('POST', '/api/user/household/leave', { token: leaver.token, body: {} })).status).toBe(200);
    expect((await householdOf(stayer)).invitations).toEqual([
      expect.objectContaining({ email: `stays${members}@example.com` }),
    ]);
    expect((await api.call('POST', '/api/user/household/leave', { token: owner.token, body: {} })).status).toBe(200);
    expect(await householdOf(owner)).toBeNull();
    const again = await api.call('POST', '/api/user/household/leave', { token: owner.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(HOUSEHOLD_TEXTS.notInHousehold);
  });
});
