import Bowser from 'bowser';
import type { Passkey } from '@loyalty/shared/api';
import { isoUint8Array } from '@simplewebauthn/server/helpers';
import type { Database, MemberRecord, PasskeyChallengeRecord, PasskeyRecord } from '../store/schema';

/** Challenges waiting at once, all members and strangers together: the oldest go first beyond it. */
export const MAX_PENDING_CHALLENGES = 1000;

/** 'Chrome on Linux' from a user agent (Bowser, as the sessions read it); what it cannot tell is left out. */
export function deviceOf(userAgent: string | undefined): string {
  const parsed = Bowser.parse(userAgent || ' ');
  const browser = parsed.browser.name || undefined;
  const system = parsed.os.name || undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'A browser';
}

/** A passkey's name: its device and the day it was added, e.g. 'Chrome on Linux, 2026-11-28'. */
export function passkeyName(userAgent: string | undefined, day: string): string {
  return `${deviceOf(userAgent)}, ${day}`;
}

/** WebAuthn's user handle of a member: the member's opaque id, never the address. */
export function userHandleOf(member: Pick<MemberRecord, 'id'>) {
  return isoUint8Array.fromUTF8String(member.id);
}

export function passkeysOf(data: Database, memberId: string): PasskeyRecord[] {
  return data.passkeys.filter((passkey) => passkey.memberId === memberId);
}

/** What the member sees of a passkey: never its key or counter. */
export function presentPasskey(passkey: PasskeyRecord): Passkey {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt,
    lastUsedAt: passkey.lastUsedAt,
    synced: passkey.backedUp,
  };
}

/** Keeps a new challenge, dropping expired ones and, past the cap, the oldest. */
export function storeChallenge(data: Database, record: PasskeyChallengeRecord, now: Date): void {
  const live = data.passkeyChallenges.filter((challenge) => Date.parse(challenge.expiresAt) > now.getTime());
  live.push(record);
  data.passkeyChallenges = live.slice(-MAX_PENDING_CHALLENGES);
}

/**
 * Takes the challenge a ceremony answered out of the table (whatever happens next: a challenge
 * verifies one ceremony at most) and says whether it was live, of `purpose`, and for `memberId`.
 */
export function consumeChallenge(
  data: Database,
  challenge: string,
  purpose: PasskeyChallengeRecord['purpose'],
  memberId: string | null,
  now: Date,
): boolean {
  const index = data.passkeyChallenges.findIndex((record) => record.challenge === challenge);
  if (index === -1) return false;
  const [record] = data.passkeyChallenges.splice(index, 1);
  return (
    record !== undefined &&
    record.purpose === purpose &&
    record.memberId === memberId &&
    Date.parse(record.expiresAt) > now.getTime()
  );
}

/**
 * Whether the password signs `member` in at `now`: always, unless they turned it off; then only
 * once the wait after a reset by e-mail (`passwordSignInBackAt`) is over.
 */
export function passwordSignsIn(member: MemberRecord, now: Date): boolean {
  if (!member.passwordSignInOff) return true;
  return member.passwordSignInBackAt !== undefined && Date.parse(member.passwordSignInBackAt) <= now.getTime();
}

/**
 * Undoes, in a transaction, what a session the member disowned did to the ways into the account
 * (decision 067): the passkeys registered under its origin (`originOf`: the session itself, or the
 * password sign-in whose passkey signed it in) go, and so does a password-off set under it, or one
 * left with no passkey to sign in with, so the password of a reset signs in at once.
 */
export function undoDisowned(data: Database, member: MemberRecord, origin: string): void {
  const removed = data.passkeys.filter((passkey) => passkey.memberId === member.id && passkey.registeredIn === origin);
  data.passkeys = data.passkeys.filter((passkey) => !removed.includes(passkey));
  if (member.passwordSignInOff && (member.passwordSignInOffIn === origin || passkeysOf(data, member.id).length === 0)) {
    delete member.passwordSignInOff;
    delete member.passwordSignInBackAt;
    delete member.passwordSignInOffIn;
  }
}
