import { memberWith as memberWithPoints } from './testing/members';
import { useTestApi } from './testing/test-api';

/**
 * Points never leave an account unseen (docs/product/household.md, "Telling the sender"): a transfer
 * or a pool mails the sender, in their language, with the points, the recipient, the device, the
 * time and a "this wasn't me" link that ends the session that sent them and starts a reset.
 */
const api = useTestApi();
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
let members = 0;

type Mail = { subject: string; body: string; link?: string; code?: string };
const mailsOf = async (email: string) =>
  (await api.call<{ data: Mail[] }>('GET', `/api/dev/outbox?email=${encodeURIComponent(email)}`)).body.data;

async function memberWith(points: number, language = 'en') {
  members += 1;
  const email = `sender-${members}@example.com`;
  const token = points > 0 ? await memberWithPoints(api, email, points) : await api.registerMember(email);
  api.store.transact((data) => {
    const member = data.members.find((candidate) => candidate.email === email)!;
    member.preferredLanguage = language as 'en';
    member.firstname = `Member${members}`;
  });
  const me = await api.call('GET', '/api/auth/me', { token });
  return { email, token, id: me.body.data.Id as string, name: `Member${members} Member` };
}

/** `owner` (in `language`, with `points`) and a partner who accepted the invitation. */
async function household(points: number, language = 'en') {
  const owner = await memberWith(points, language);
  const partner = await memberWith(0);
  await api.call('POST', '/api/user/household/invitations', { token: owner.token, body: { email: partner.email } });
  const link = (await mailsOf(partner.email)).find((mail) => mail.link?.includes('/dashboard/household#'))!.link!;
  const accepted = await api.call('POST', '/api/user/household/accept', {
    token: partner.token,
    body: { token: new URL(link).hash.replace('#token=', '') },
  });
  expect(accepted.status).toBe(200);
  return { owner, partner };
}

const transfer = (token: string, toMemberId: string, points: number) =>
  api.call('POST', '/api/user/household/transfers', {
    token,
    headers: { 'user-agent': PHONE },
    body: { toMemberId, points },
  });
const sentMails = async (email: string, subject: RegExp) =>
  (await mailsOf(email)).filter((mail) => subject.test(mail.subject));

test('a transfer e-mails the sender: how many points, to whom, from which device, when', async () => {
  const { owner, partner } = await household(1200);
  expect((await transfer(owner.token, partner.id, 250)).status).toBe(201);
  const [mail] = await sentMails(owner.email, /left your account/);
  expect(mail).toMatchObject({
    subject: '250 points left your account',
    link: expect.stringContaining('/auth/not-me#token='),
  });
  expect(mail!.body).toContain(`250 points were sent from your account to ${partner.name} of your household`);
  expect(mail!.body).toContain('from Safari 17 on iOS 17 (mobile), on 15 January 2026 at 12:00 UTC');
  expect(mail!.body).toContain(mail!.link);
  // The partner's own outbox holds no mail about it: the sender is the one to warn.
  expect(await sentMails(partner.email, /left your account/)).toEqual([]);
});

test("a pool e-mails the sender too, in the sender's language, with Arabic's own plural forms", async () => {
  const { owner, partner } = await household(2, 'ar');
  const pooled = await api.call('POST', '/api/user/household/pool', {
    token: owner.token,
    body: { toMemberId: partner.id },
  });
  expect(pooled.status).toBe(201);
  const [mail] = await sentMails(owner.email, /من حسابك/);
  // Two points: the dual, not "2 نقطة".
  expect(mail!.subject).toBe('خرجت نقطتان من حسابك');
  expect(mail!.body).toContain(`أُرسلت نقطتان من حسابك إلى ${partner.name} من أسرتك`);
});

test('a refused transfer e-mails nothing', async () => {
  const { owner, partner } = await household(100);
  expect((await transfer(owner.token, partner.id, 5000)).status).toBe(422);
  expect(await sentMails(owner.email, /left your account/)).toEqual([]);
});

test("attack: the mail's link ends the session that sent the points, and starts a reset", async () => {
  const { owner, partner } = await household(1200);
  // A thief signed in with the member's phished password sends points from another device.
  const thief = await api.call<{ token: string }>('POST', '/api/auth/login', {
    body: { email: owner.email, password: 'Secret@123' },
    headers: { 'user-agent': PHONE },
  });
  expect((await transfer(thief.body.token, partner.id, 300)).status).toBe(201);
  const [mail] = await sentMails(owner.email, /left your account/);
  const token = mail!.link!.split('#token=')[1]!;

  const notMe = await api.call('POST', '/api/auth/sign-in-alerts/not-me', { body: { token } });
  expect(notMe.status).toBe(200);
  expect(notMe.body.data).toMatchObject({ email: owner.email, sessionEnded: true });
  // The thief's session is refused at once; the member's own goes on.
  expect((await transfer(thief.body.token, partner.id, 300)).status).toBe(401);
  expect((await api.call('GET', '/api/auth/me', { token: owner.token })).status).toBe(200);
  expect((await mailsOf(owner.email))[0]).toMatchObject({ subject: 'Reset your password', code: expect.any(String) });
  // The link works once.
  expect((await api.call('POST', '/api/auth/sign-in-alerts/not-me', { body: { token } })).status).toBe(422);
});
