import { LIMIT_TEXTS } from '@loyalty/shared/api/messages';
import type { CodeLimitRecord, Database, OtpRecord } from '../store/schema';
import type { SecuritySettings } from '../security/settings';

/**
 * The limits on one address's codes (README "Security"), kept in the data file on the business
 * clock, like the codes themselves: they survive a restart, and a test can run a whole day by
 * moving the clock. They are kept per address whether or not it has an account, so asking for,
 * or guessing, the codes of an unknown address is answered exactly as for a member's.
 */
export type CodeLimits = Pick<SecuritySettings, 'codeBudget' | 'codeCooldownSeconds' | 'codeSends'>;

/** The texts of these 429s, which the portal's pages know. */
export const CODES_SUSPENDED = LIMIT_TEXTS.codesSuspended;
export const CODE_SENT_RECENTLY = LIMIT_TEXTS.codeSentRecently;

/** A code of `purpose` to `email`, asked for at `now`. */
export interface CodeSend {
  email: string;
  purpose: OtpRecord['purpose'];
  now: Date;
}

const at = (iso: string) => Date.parse(iso);

function recordOf(data: Database, email: string): CodeLimitRecord | undefined {
  return data.codeLimits.find((record) => record.email === email);
}

function ensureRecord(data: Database, email: string): CodeLimitRecord {
  let record = recordOf(data, email);
  if (!record) {
    record = { email, sends: [], wrongCodes: [], suspendedUntil: null };
    data.codeLimits.push(record);
  }
  return record;
}

/** Milliseconds left of the address's suspension, 0 when codes are open to it. */
export function suspensionLeftMs(data: Database, email: string, now: Date): number {
  const until = recordOf(data, email)?.suspendedUntil;
  return until ? Math.max(0, at(until) - now.getTime()) : 0;
}

/**
 * Milliseconds before a code of `purpose` may be sent to `email`: the cool-down since the last
 * code of that purpose, the cap on codes of any purpose in the window, or the suspension.
 */
export function nextSendInMs(data: Database, { email, purpose, now }: CodeSend, limits: CodeLimits): number {
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
  return Math.max(0, cooldown, cap, suspensionLeftMs(data, email, now));
}

/** Notes a code sent now; returns the seconds before the next one of its purpose may go. */
export function recordSend(data: Database, send: CodeSend, limits: CodeLimits): number {
  const { email, purpose, now } = send;
  const record = ensureRecord(data, email);
  const keepFrom = now.getTime() - Math.max(limits.codeSends.seconds, limits.codeCooldownSeconds) * 1000;
  record.sends = record.sends.filter((send) => at(send.at) > keepFrom);
  record.sends.push({ purpose, at: now.toISOString() });
  return Math.ceil(nextSendInMs(data, send, limits) / 1000);
}

/**
 * Counts a wrong code against the address's budget. True when this one spent it: codes of every
 * purpose are then refused for the budget's window, and the owner is to be told.
 */
export function recordWrongCode(data: Database, email: string, now: Date, limits: CodeLimits): boolean {
  const record = ensureRecord(data, email);
  const windowStart = now.getTime() - limits.codeBudget.seconds * 1000;
  record.wrongCodes = record.wrongCodes.filter((wrong) => at(wrong) > windowStart);
  record.wrongCodes.push(now.toISOString());
  if (record.wrongCodes.length < limits.codeBudget.count) return false;
  record.suspendedUntil = new Date(now.getTime() + limits.codeBudget.seconds * 1000).toISOString();
  record.wrongCodes = [];
  // A live code of the address is of no use any more: it would be refused until it expired.
  data.otps = data.otps.filter((otp) => otp.email !== email);
  return true;
}

/** True once nothing in the record can refuse anything any more. */
export function codeLimitsSpent(record: CodeLimitRecord, now: Date, limits: CodeLimits): boolean {
  const time = now.getTime();
  const longest = Math.max(limits.codeSends.seconds, limits.codeCooldownSeconds) * 1000;
  return (
    (!record.suspendedUntil || at(record.suspendedUntil) <= time) &&
    record.sends.every((send) => at(send.at) <= time - longest) &&
    record.wrongCodes.every((wrong) => at(wrong) <= time - limits.codeBudget.seconds * 1000)
  );
}
