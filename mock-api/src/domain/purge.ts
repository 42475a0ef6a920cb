import type { Database } from '../store/schema';
import type { Store } from '../store/store';
import type { SecuritySettings } from '../security/settings';
import { codeLimitsSpent, type CodeLimits } from './code-limits';

export type PurgeSettings = CodeLimits & Pick<SecuritySettings, 'retention'>;

/** What one purge removed, by kind. */
export interface PurgeCount {
  unverifiedRegistrations: number;
  unclaimedRegistrations: number;
  codes: number;
  resetTokens: number;
  revokedTokens: number;
  outbox: number;
  codeLimits: number;
  signInFailures: number;
  passkeyChallenges: number;
}

/**
 * Removes what can no longer matter, so nothing an anonymous caller can create grows without
 * bound (every write rewrites the whole file, so each record left would cost every later write):
 * unverified registrations, unclaimed registrations and outbox messages past their retention,
 * codes, reset tokens and passkey challenges past their expiry (business clock), revoked tokens past their `exp` (real
 * time, as tokens are), and limits and failure counts that can no longer refuse anything.
 * `apply: false` only counts.
 */
export function purge(data: Database, now: Date, realNowMs: number, settings: PurgeSettings, apply = true): PurgeCount {
  const time = now.getTime();
  const olderThan = (iso: string, seconds: number) => Date.parse(iso) <= time - seconds * 1000;
  const expired = (iso: string) => Date.parse(iso) <= time;

  const staleMembers = data.members.filter(
    (member) => !member.verified && olderThan(member.createdAt, settings.retention.unverifiedSeconds),
  );
  const staleEmails = new Set(staleMembers.map((member) => member.email));
  const unclaimed = data.members.filter(
    (member) => member.unclaimedRegistration && expired(member.unclaimedRegistration.expiresAt),
  );
  const keep = {
    members: data.members.filter((member) => !staleEmails.has(member.email)),
    otps: data.otps.filter((otp) => !expired(otp.expiresAt) && !staleEmails.has(otp.email)),
    resetTokens: data.resetTokens.filter((token) => !expired(token.expiresAt)),
    revokedTokens: data.revokedTokens.filter((token) => token.exp * 1000 > realNowMs),
    outbox: data.outbox.filter((message) => !olderThan(message.sentAt, settings.retention.outboxSeconds)),
    codeLimits: data.codeLimits.filter((record) => !codeLimitsSpent(record, now, settings)),
    signInFailures: data.signInFailures.filter(
      (record) => !olderThan(record.lastFailureAt, settings.retention.signInFailuresSeconds),
    ),
    passkeyChallenges: data.passkeyChallenges.filter((challenge) => !expired(challenge.expiresAt)),
  };
  const count: PurgeCount = {
    unverifiedRegistrations: staleMembers.length,
    unclaimedRegistrations: unclaimed.length,
    codes: data.otps.length - keep.otps.length,
    resetTokens: data.resetTokens.length - keep.resetTokens.length,
    revokedTokens: data.revokedTokens.length - keep.revokedTokens.length,
    outbox: data.outbox.length - keep.outbox.length,
    codeLimits: data.codeLimits.length - keep.codeLimits.length,
    signInFailures: data.signInFailures.length - keep.signInFailures.length,
    passkeyChallenges: data.passkeyChallenges.length - keep.passkeyChallenges.length,
  };
  if (apply) {
    Object.assign(data, keep);
    for (const member of unclaimed) delete member.unclaimedRegistration;
  }
  return count;
}

export function purgedAnything(count: PurgeCount): boolean {
  return Object.values(count).some((removed) => removed > 0);
}

/**
 * Purges now and then every `intervalMs` (a timer that does not keep the process alive), writing
 * the file only when there is something to remove.
 */
export function schedulePurge(
  store: Store,
  now: () => Date,
  settings: PurgeSettings & { purgeIntervalMs: number },
  log: (message: string, error?: unknown) => void,
): () => void {
  const run = () => {
    try {
      if (!purgedAnything(purge(store.data, now(), Date.now(), settings, false))) return;
      store.transact((data) => purge(data, now(), Date.now(), settings));
    } catch (error) {
      log('Purge failed', error);
    }
  };
  run();
  if (settings.purgeIntervalMs <= 0) return () => undefined;
  const timer = setInterval(run, settings.purgeIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
