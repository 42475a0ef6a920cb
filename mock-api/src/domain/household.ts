import { randomUUID } from 'node:crypto';
import {
  HOUSEHOLD_DAILY_TRANSFER_LIMIT,
  HOUSEHOLD_INVITATION_DAYS,
  HOUSEHOLD_MAX_MEMBERS,
  HOUSEHOLD_REFUSAL_FIELDS,
  HOUSEHOLD_TEXTS,
  type Household,
} from '@loyalty/shared/api/household';
import { paths } from '@loyalty/shared/router/paths';
import { HttpError } from '../http/errors';
import type { Database, HouseholdRecord, MemberRecord, TransactionRecord } from '../store/schema';
import { readable } from '../store/store';
import { newEmailLink, sha256, type EmailLink } from './codes';
import { writeDueExpiries } from './expiry';
import { balanceOf, recordTransaction } from './ledger';

const DAY_SECONDS = 86_400;

/** The member's household; inside a transaction a draft, to change. */
export function householdOf(data: Database, memberId: string): HouseholdRecord | undefined {
  const index = readable(data.households).findIndex((household) => household.memberIds.includes(memberId));
  return index === -1 ? undefined : data.households[index];
}

/** The member's household, else a 409: every household call but invite and accept needs one. */
export function ownHousehold(data: Database, memberId: string): HouseholdRecord {
  const household = householdOf(data, memberId);
  if (!household) throw new HttpError(409, HOUSEHOLD_TEXTS.notInHousehold);
  return household;
}

/** Invitations still usable (`now` before their end). */
function liveInvitationsOf(data: Database, householdId: string, now: Date) {
  return readable(data.householdInvitations).filter(
    (invitation) => invitation.householdId === householdId && Date.parse(invitation.expiresAt) > now.getTime(),
  );
}

/** Points `memberId` has sent to households on the business day `today`. */
export function sentTodayOf(data: Database, memberId: string, today: string): number {
  let sent = 0;
  for (const record of readable(data.transactions))
    if (
      record.memberId === memberId &&
      record.householdTransfer?.direction === 'out' &&
      record.date.slice(0, 10) === today
    )
      sent += record.points;
  return sent;
}

export function presentHousehold(data: Database, household: HouseholdRecord, viewerId: string, now: Date): Household {
  const today = now.toISOString().slice(0, 10);
  const members = household.memberIds.flatMap((id) => {
    const member = data.members.find((candidate) => candidate.id === id);
    return member ? [{ id, firstname: member.firstname, lastname: member.lastname, you: id === viewerId }] : [];
  });
  return {
    id: household.id,
    members,
    invitations: liveInvitationsOf(data, household.id, now).map(({ id, email, expiresAt, invitedBy }) => ({
      id,
      email,
      expiresAt,
      sentByYou: invitedBy === viewerId,
    })),
    sentToday: sentTodayOf(data, viewerId, today),
    dailyLimit: HOUSEHOLD_DAILY_TRANSFER_LIMIT,
    maxMembers: HOUSEHOLD_MAX_MEMBERS,
  };
}

/**
 * Invites `email` to the inviter's household (started now if they have none): refused when the
 * household with its live invitations is full, or the address is in it or invited already. An
 * earlier invitation of the household for the address is replaced, so one link works at a time.
 * The address may have no account yet: whether it has one is never said.
 */
export function inviteToHousehold(
  data: Database,
  inviter: MemberRecord,
  email: string,
  portalOrigin: string,
  now: Date,
): { household: HouseholdRecord; link: EmailLink } {
  if (email === inviter.email)
    throw new HttpError(422, HOUSEHOLD_TEXTS.inviteYourself, { email: HOUSEHOLD_TEXTS.inviteYourself });
  // Expired invitations of anyone go, so the table does not fill with links nobody used.
  data.householdInvitations = data.householdInvitations.filter(
    (invitation) => Date.parse(invitation.expiresAt) > now.getTime(),
  );
  let household = householdOf(data, inviter.id);
  if (household) {
    const memberEmails = household.memberIds.map((id) => data.members.find((member) => member.id === id)?.email);
    const invited = liveInvitationsOf(data, household.id, now);
    if (memberEmails.includes(email) || invited.some((invitation) => invitation.email === email))
      throw new HttpError(409, HOUSEHOLD_TEXTS.alreadyInvited, {
        [HOUSEHOLD_REFUSAL_FIELDS.alreadyInvited]: HOUSEHOLD_TEXTS.alreadyInvited,
      });
    if (household.memberIds.length + invited.length >= HOUSEHOLD_MAX_MEMBERS)
      throw new HttpError(409, HOUSEHOLD_TEXTS.full, { [HOUSEHOLD_REFUSAL_FIELDS.full]: HOUSEHOLD_TEXTS.full });
  } else {
    household = { id: randomUUID(), memberIds: [inviter.id], createdAt: now.toISOString() };
    data.households.push(household);
  }
  const link = newEmailLink(portalOrigin, paths.dashboard.household, now, HOUSEHOLD_INVITATION_DAYS * DAY_SECONDS);
  data.householdInvitations.push({
    id: randomUUID(),
    householdId: household.id,
    email,
    tokenHash: link.tokenHash,
    invitedBy: inviter.id,
    expiresAt: link.expiresAt,
  });
  return { household, link };
}

/**
 * Accepts the invitation of `token` for `member`: only the member of the invited address, once,
 * before it expires, and only when they are in no household (a link used, or never sent, reads
 * the same). The household must still have room (a member who left frees a place).
 */
export function acceptInvitation(data: Database, member: MemberRecord, token: string, now: Date): HouseholdRecord {
  const tokenHash = sha256(token);
  const invitation = data.householdInvitations.find((candidate) => candidate.tokenHash === tokenHash);
  const household = invitation && data.households.find((candidate) => candidate.id === invitation.householdId);
  if (!invitation || !household) throw new HttpError(404, HOUSEHOLD_TEXTS.invitationInvalid);
  if (Date.parse(invitation.expiresAt) <= now.getTime()) throw new HttpError(410, HOUSEHOLD_TEXTS.invitationExpired);
  // Not spent: the member it was sent to may still use it.
  if (invitation.email !== member.email) throw new HttpError(403, HOUSEHOLD_TEXTS.invitationForSomeoneElse);
  if (householdOf(data, member.id)) throw new HttpError(409, HOUSEHOLD_TEXTS.alreadyInHousehold);
  data.householdInvitations = data.householdInvitations.filter((candidate) => candidate !== invitation);
  household.memberIds.push(member.id);
  return household;
}

/**
 * Withdraws the live invitation `invitationId` that `member` sent to their household: its link then
 * reads as never sent. Another member's invitation, another household's, an expired or unknown one
 * read alike (404), so invitation ids cannot be probed.
 */
export function withdrawInvitation(data: Database, memberId: string, invitationId: string, now: Date): HouseholdRecord {
  const household = ownHousehold(data, memberId);
  const invitation = liveInvitationsOf(data, household.id, now).find(
    (candidate) => candidate.id === invitationId && candidate.invitedBy === memberId,
  );
  if (!invitation) throw new HttpError(404, HOUSEHOLD_TEXTS.noSuchInvitation);
  data.householdInvitations = data.householdInvitations.filter((candidate) => candidate.id !== invitation.id);
  return household;
}

/**
 * Takes `memberId` out of their household. Its last member leaving ends it, with its invitations;
 * a member who leaves keeps their points and their statement. Their pending invitations go with
 * them: only they could withdraw one, and it would hold a place until it expired.
 */
export function leaveHousehold(data: Database, memberId: string): void {
  const household = householdOf(data, memberId);
  if (!household) return;
  household.memberIds = household.memberIds.filter((id) => id !== memberId);
  data.householdInvitations = data.householdInvitations.filter(
    (invitation) => !(invitation.householdId === household.id && invitation.invitedBy === memberId),
  );
  if (household.memberIds.length > 0) return;
  data.households = data.households.filter((candidate) => candidate !== household);
  data.householdInvitations = data.householdInvitations.filter((invitation) => invitation.householdId !== household.id);
}

/** The API's English words for a transfer's line; `null`: the other member has deleted their account. */
function transferDescription(direction: 'out' | 'in', counterpart: string | null): string {
  return `Household transfer ${direction === 'out' ? 'to' : 'from'} ${counterpart ?? 'a former member'}`;
}

/**
 * Takes `memberId`'s name out of the other side of every transfer they sent or received
 * (docs/product/household.md, "Leaving"): those lines then read "a former member", with their
 * points and dates as they were. Call while the member's own lines still carry their id.
 */
export function unnameInTransfers(data: Database, memberId: string): void {
  const ledger = readable(data.transactions);
  const theirs = new Set<string>();
  for (const record of ledger)
    if (record.memberId === memberId && record.householdTransfer) theirs.add(record.householdTransfer.id);
  ledger.forEach((record, index) => {
    if (record.memberId === memberId || !record.householdTransfer || !theirs.has(record.householdTransfer.id)) return;
    const draft = data.transactions[index]!;
    draft.householdTransfer!.counterpart = null;
    draft.description = transferDescription(record.householdTransfer.direction, null);
  });
}

/** What `memberId` may send now: their available balance, within what is left of the daily limit. */
export function sendableOf(data: Database, memberId: string, today: string): number {
  const available = Math.max(0, balanceOf(data, memberId, today).pointBalance);
  return Math.min(available, HOUSEHOLD_DAILY_TRANSFER_LIMIT - sentTodayOf(data, memberId, today));
}

/**
 * Moves `points` from `sender` to `recipientId` of the same household as two ledger lines, a debit
 * and a credit sharing one transfer id. Call inside one store transaction: the checks and both
 * lines are one synchronous step, so of transfers racing, exactly those the balance and the daily
 * limit allow succeed, and a refusal writes nothing.
 */
export function transferPoints(
  data: Database,
  sender: MemberRecord,
  recipientId: string,
  points: number,
  now: Date,
  today: string,
): TransactionRecord {
  const household = ownHousehold(data, sender.id);
  if (recipientId === sender.id)
    throw new HttpError(422, HOUSEHOLD_TEXTS.toYourself, {
      [HOUSEHOLD_REFUSAL_FIELDS.notAMember]: HOUSEHOLD_TEXTS.toYourself,
    });
  const recipient = household.memberIds.includes(recipientId)
    ? data.members.find((member) => member.id === recipientId)
    : undefined;
  // Someone outside the household reads as no one: the route says nothing of other members.
  if (!recipient)
    throw new HttpError(404, HOUSEHOLD_TEXTS.notAMember, {
      [HOUSEHOLD_REFUSAL_FIELDS.notAMember]: HOUSEHOLD_TEXTS.notAMember,
    });
  // Expiries the clock has reached come first, so neither line hides an expiry that was due.
  writeDueExpiries(data, sender.id, today);
  writeDueExpiries(data, recipient.id, today);
  if (balanceOf(data, sender.id, today).pointBalance < points)
    throw new HttpError(422, HOUSEHOLD_TEXTS.notEnoughPoints, {
      [HOUSEHOLD_REFUSAL_FIELDS.notEnoughPoints]: HOUSEHOLD_TEXTS.notEnoughPoints,
    });
  if (sentTodayOf(data, sender.id, today) + points > HOUSEHOLD_DAILY_TRANSFER_LIMIT)
    throw new HttpError(422, HOUSEHOLD_TEXTS.dailyLimit, {
      [HOUSEHOLD_REFUSAL_FIELDS.dailyLimit]: HOUSEHOLD_TEXTS.dailyLimit,
    });
  const transferId = randomUUID();
  const date = now.toISOString();
  const debit = recordTransaction(data, {
    memberId: sender.id,
    date,
    kind: 'debit',
    points,
    description: transferDescription('out', `${recipient.firstname} ${recipient.lastname}`),
    householdTransfer: {
      id: transferId,
      direction: 'out',
      counterpart: `${recipient.firstname} ${recipient.lastname}`,
    },
  });
  recordTransaction(data, {
    memberId: recipient.id,
    date,
    kind: 'credit',
    points,
    description: transferDescription('in', `${sender.firstname} ${sender.lastname}`),
    householdTransfer: { id: transferId, direction: 'in', counterpart: `${sender.firstname} ${sender.lastname}` },
  });
  return debit;
}
