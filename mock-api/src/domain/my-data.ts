import { randomUUID } from 'node:crypto';
import { sha256 } from './codes';
import { bookingsOf } from './bookings';
import { present, staysOf, transactionsOf } from './ledger';
import { memberNumberOf } from './member-number';
import { deviceOf, liveSessionsOf } from './sessions';
import type { Database, MemberRecord } from '../store/schema';
import { leaveHousehold, unnameInTransfers } from './household';

/**
 * Everything the programme holds on a member, as one document they may download
 * (docs/product/accounts.md, "Your data"): their profile and preferences, every line of their
 * statement, the bookings they made and those they claimed, the rewards they redeemed, the messages sent to them and
 * their signed-in sessions, and the browsers the programme knows them on (sign-in alerts: when each was
 * first and last seen; the browser's id is kept hashed, and never told).
 * Never the password's hash, the codes' hashes or another member's record.
 */
export function memberDataOf(data: Database, member: MemberRecord, today: string, exportedAt: string) {
  const stays = staysOf(data);
  const transactions = transactionsOf(data, member.id).map((record) => present(record, today, stays));
  return {
    exportedAt,
    profile: {
      memberNumber: memberNumberOf(member.id),
      email: member.email,
      firstname: member.firstname,
      lastname: member.lastname,
      phone: member.phone,
      country: member.country,
      preferredLanguage: member.preferredLanguage,
      photo: member.photo,
      plan: member.plan,
      memberSince: member.createdAt,
    },
    preferences: { ...member.workspace },
    transactions,
    claims: data.bookings
      .filter((booking) => booking.claimedBy === member.id)
      .map(({ id, startDate, endDate, points, amount, claimedAt }) => ({
        bookingId: id,
        startDate,
        endDate,
        points,
        amount,
        claimedAt,
      })),
    bookings: bookingsOf(data, member.id, today),
    redemptions: transactions.filter((line) => line.type === 'debit'),
    sessions: liveSessionsOf(data, member, Date.now()).map(({ userAgent, createdAt, lastUsedAt }) => ({
      ...deviceOf(userAgent),
      createdAt,
      lastUsedAt,
    })),
    knownDevices: data.knownDevices
      .filter((device) => device.memberId === member.id)
      .map(({ firstSeenAt, lastSeenAt }) => ({ firstSeenAt, lastSeenAt })),
    passkeys: data.passkeys
      .filter((passkey) => passkey.memberId === member.id)
      .map(({ name, createdAt }) => ({ name, createdAt })),
    vouchers: data.vouchers
      .filter((voucher) => voucher.memberId === member.id)
      .map(({ code, rewardId, name }) => ({ code, rewardId, name })),
    messages: data.outbox
      .filter((message) => message.to === member.email)
      .map(({ subject, body, sentAt }) => ({ subject, body, sentAt })),
  };
}

/**
 * Forgets a member inside a transaction (docs/product/accounts.md, "Your data"): their record, the
 * codes, links, limits and messages kept for their address go; the ledger keeps their lines and the
 * bookings they claimed under an anonymous id no one can sign in as, so no other record's balance
 * arithmetic changes and a booking claimed once stays claimed. Their name leaves other members'
 * records too: household partners' transfer lines and kept messages that name them. Every token of
 * theirs is refused from then on (no member answers to it).
 */
export function forgetMember(data: Database, member: MemberRecord): void {
  const anonymous = `deleted-${randomUUID()}`;
  const emailHash = sha256(member.email);
  unnameInTransfers(data, member.id);
  for (const record of data.transactions) if (record.memberId === member.id) record.memberId = anonymous;
  for (const booking of data.bookings) {
    if (booking.claimedBy === member.id) booking.claimedBy = anonymous;
    // A booking they made stays the hotel's record, no longer theirs: no one lists or claims it.
    if (booking.memberId === member.id) booking.memberId = anonymous;
  }
  data.members = data.members.filter((candidate) => candidate.id !== member.id);
  data.otps = data.otps.filter((otp) => otp.email !== member.email);
  data.resetTokens = data.resetTokens.filter((token) => token.memberId !== member.id);
  data.codeLimits = data.codeLimits.filter((limit) => limit.email !== member.email);
  data.signInFailures = data.signInFailures.filter((record) => record.emailHash !== emailHash);
  // Messages to others that name them go too: the programme keeps no copy of their name.
  data.outbox = data.outbox.filter((message) => message.to !== member.email && !message.naming?.includes(member.id));
  data.sessions = data.sessions.filter((session) => session.memberId !== member.id);
  data.passkeys = data.passkeys.filter((passkey) => passkey.memberId !== member.id);
  data.knownDevices = data.knownDevices.filter((device) => device.memberId !== member.id);
  data.keptSessions = data.keptSessions.filter((kept) => kept.memberId !== member.id);
  data.signInAlerts = data.signInAlerts.filter((alert) => alert.memberId !== member.id);
  data.passkeyChallenges = data.passkeyChallenges.filter((challenge) => challenge.memberId !== member.id);
  // A voucher is the programme's record of a reward given: it stays, as the ledger's lines do.
  for (const voucher of data.vouchers) if (voucher.memberId === member.id) voucher.memberId = anonymous;
  // Their household goes on without them; invitations to their address no longer reach anyone.
  leaveHousehold(data, member.id);
  data.householdInvitations = data.householdInvitations.filter(
    (invitation) => invitation.email !== member.email && invitation.invitedBy !== member.id,
  );
}
