import { LIMIT_TEXTS } from '@loyalty/shared/api/messages';
import type { ClientCodeLimit, CodeLimitRecord, Database } from '../store/schema';
import type { Budget, SecuritySettings } from '../security/settings';
import { findScanningAll } from '../store/store';

/**
 * The limits on one address's codes (README "Security"), kept in the data file on the business
 * clock, like the codes themselves: they survive a restart, and a test can run a whole day by
 * moving the clock. They are kept per address whether or not it has an account, so asking for,
 * or guessing, the codes of an unknown address is answered exactly as for a member's.
 */
export type CodeLimits = Pick<
  SecuritySettings,
  'codeBudget' | 'clientCodeBudget' | 'codeCooldownSeconds' | 'codeSends' | 'resetLinkSeconds'
>;

/** The texts of these 429s, which the portal's pages know. */
export const CODES_SUSPENDED = LIMIT_TEXTS.codesSuspended;
export const CODE_SENT_RECENTLY = LIMIT_TEXTS.codeSentRecently;

/** A code of `purpose` to `email`, asked for at `now` (`lock`: the lock notice, which carries a link). */
export interface CodeSend {
  email: string;
  purpose: SendPurpose;
  now: Date;
}
export type SendPurpose = CodeLimitRecord['sends'][number]['purpose'];

const at = (iso: string) => Date.parse(iso);

function recordOf(data: Database, email: string): CodeLimitRecord | undefined {
  return findScanningAll(data.codeLimits, (record) => record.email === email);
}

function ensureRecord(data: Database, email: string): CodeLimitRecord {
  let record = recordOf(data, email);
  if (!record) {
    record = { email, sends: [], wrongCodes: [], suspendedUntil: null };
    data.codeLimits.push(record);
  }
  return record;
}

const leftMs = (until: string | null | undefined, now: Date) => (until ? Math.max(0, at(until) - now.getTime()) : 0);

/**
 * Milliseconds left of the address's suspension, 0 when codes are open to it; with `client`, of
 * that client's own suspension for the address too.
 */
export function suspensionLeftMs(data: Database, email: string, now: Date, client?: string): number {
  const record = recordOf(data, email);
  const clientUntil = client === undefined ? null : record?.clients?.find((entry) => entry.client === client);
  return Math.max(leftMs(record?.suspendedUntil, now), leftMs(clientUntil?.suspendedUntil, now));
}

/**
 * Milliseconds before a code of `purpose` may be sent to `email`: the cool-down since the last
 * code of that purpose, the cap on codes of any purpose in the window, or the suspension.
 */
export function nextSendInMs(data: Database, send: CodeSend, limits: CodeLimits): number {
  return Math.max(floodLimitsMs(data, send, limits), suspensionLeftMs(data, send.email, send.now));
}

/** The cool-down of `purpose` and the hourly cap: what keeps anyone from flooding an inbox. */
function floodLimitsMs(data: Database, { email, purpose, now }: CodeSend, limits: CodeLimits): number {
  const record = recordOf(data, email);
  if (!record) return 0;
  const time = now.getTime();
  const lastOfPurpose = record.sends.filter((send) => send.purpose === purpose).at(-1);
  const cooldown = lastOfPurpose ? at(lastOfPurpose.at) + limits.codeCooldownSeconds * 1000 - time : 0;
  const inWindow = record.sends.filter((send) => at(send.at) > time - limits.codeSends.seconds * 1000);
  const cap =
    inWindow.length >= limits.codeSends.count
      ? at(inWindow[inWindow.length - limits.codeSends.count]!.at) + limits.codeSends.seconds * 1000 - time
      : 0;
  return Math.max(0, cooldown, cap);
}

/**
 * Milliseconds before a reset e-mail may go to `email`: the cool-down and the hourly cap, never a
 * suspension (its link is what the owner recovers with while codes are suspended; one is sent then
 * whenever the last one's link has expired). Once the newest
 * reset e-mail is older than its link lives, one goes whatever the cap says, so however
 * the cap was spent (by others asking for the owner), the owner's inbox never lacks a live link
 * for longer than it takes to ask.
 */
export function nextResetMailInMs(
  data: Database,
  email: string,
  now: Date,
  limits: CodeLimits,
  purpose: Exclude<SendPurpose, 'register'> = 'reset',
): number {
  const newest = recordOf(data, email)
    ?.sends.filter((send) => send.purpose !== 'register')
    .at(-1);
  if (!newest) return 0;
  const linkLeftMs = at(newest.at) + limits.resetLinkSeconds * 1000 - now.getTime();
  if (linkLeftMs <= 0) return 0;
  // While codes are suspended a mail brings only a link: one while the last one lives is enough.
  if (suspensionLeftMs(data, email, now) > 0) return linkLeftMs;
  return floodLimitsMs(data, { email, purpose, now }, limits);
}

/** Notes a code sent now; returns the seconds before the next one of its purpose may go. */
export function recordSend(data: Database, send: CodeSend, limits: CodeLimits): number {
  const { email, purpose, now } = send;
  const record = ensureRecord(data, email);
  // The newest send is kept while a link it carried may live (`nextResetMailInMs`).
  const keepFrom =
    now.getTime() - Math.max(limits.codeSends.seconds, limits.codeCooldownSeconds, limits.resetLinkSeconds) * 1000;
  record.sends = record.sends.filter((send) => at(send.at) > keepFrom);
  record.sends.push({ purpose, at: now.toISOString() });
  const waitMs =
    purpose === 'register' ? nextSendInMs(data, send, limits) : nextResetMailInMs(data, email, now, limits, purpose);
  return Math.ceil(waitMs / 1000);
}

/**
 * Counts a wrong code from `client` against the address's budget and against that client's own
 * budget for the address. True when it spent the address's: codes of every purpose are then
 * refused to every client for the budget's window, and the owner is to be told. Spending only
 * the client's suspends that client's codes for the address, and no one else's.
 */
export function recordWrongCode(data: Database, email: string, client: string, now: Date, limits: CodeLimits): boolean {
  const record = ensureRecord(data, email);
  record.clients ??= [];
  let mine = record.clients.find((entry) => entry.client === client);
  if (!mine) {
    mine = { client, wrongCodes: [], suspendedUntil: null };
    record.clients.push(mine);
  }
  countWrongCode(mine, now, limits.clientCodeBudget);
  if (!countWrongCode(record, now, limits.codeBudget)) return false;
  // A live code of the address is of no use any more: it would be refused until it expired.
  data.otps = data.otps.filter((otp) => otp.email !== email);
  return true;
}

/** Notes a wrong code in `limit`; true when that spent its budget, which starts a suspension. */
function countWrongCode(limit: Pick<ClientCodeLimit, 'wrongCodes' | 'suspendedUntil'>, now: Date, budget: Budget) {
  const windowStart = now.getTime() - budget.seconds * 1000;
  limit.wrongCodes = limit.wrongCodes.filter((wrong) => at(wrong) > windowStart);
  limit.wrongCodes.push(now.toISOString());
  if (limit.wrongCodes.length < budget.count) return false;
  limit.suspendedUntil = new Date(now.getTime() + budget.seconds * 1000).toISOString();
  limit.wrongCodes = [];
  return true;
}

/** True once nothing in the record can refuse anything any more. */
export function codeLimitsSpent(record: CodeLimitRecord, now: Date, limits: CodeLimits): boolean {
  const time = now.getTime();
  const longest = Math.max(limits.codeSends.seconds, limits.codeCooldownSeconds, limits.resetLinkSeconds) * 1000;
  const ended = (until: string | null) => !until || at(until) <= time;
  return (
    ended(record.suspendedUntil) &&
    record.sends.every((send) => at(send.at) <= time - longest) &&
    record.wrongCodes.every((wrong) => at(wrong) <= time - limits.codeBudget.seconds * 1000) &&
    (record.clients ?? []).every(
      (entry) =>
        ended(entry.suspendedUntil) &&
        entry.wrongCodes.every((wrong) => at(wrong) <= time - limits.clientCodeBudget.seconds * 1000),
    )
  );
}
