import { RateLimiterMemory } from 'rate-limiter-flexible';
import { TooManyRequests } from '../http/errors';
import { TOO_MANY_ATTEMPTS } from './client-throttles';
import type { SecuritySettings } from './settings';

/**
 * Slows a guesser before the lockout: once an address has `afterFailures` consecutive failed
 * sign-ins (the count the account keeps, or the one kept for an address without an account), each
 * further try for it waits `waitSeconds`. The waits live in rate-limiter-flexible's memory limiter
 * (`block`), keyed by the address whether or not it has an account, so the answer is the same.
 */
export function createSignInSlowdown({ afterFailures, waitSeconds }: SecuritySettings['signInSlowdown']) {
  // `points: 0`: any key the limiter holds is a wait in progress.
  const waits = new RateLimiterMemory({ keyPrefix: 'sign-in-wait', points: 0, duration: 1 });
  return {
    /** Throws a 429 while `email` must wait. */
    async check(email: string): Promise<void> {
      const wait = await waits.get(email);
      if (wait && wait.msBeforeNext > 0) throw new TooManyRequests(TOO_MANY_ATTEMPTS, wait.msBeforeNext);
    },
    /** After a failed sign-in that left `failures` consecutive failures and no lock. */
    async failed(email: string, failures: number): Promise<void> {
      if (waitSeconds > 0 && failures >= afterFailures) await waits.block(email, waitSeconds);
    },
    async succeeded(email: string): Promise<void> {
      await waits.delete(email);
    },
  };
}
export type SignInSlowdown = ReturnType<typeof createSignInSlowdown>;
