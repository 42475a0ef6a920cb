import type { Request, RequestHandler, Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { LIMIT_TEXTS } from '@loyalty/shared/api/messages';
import { TooManyRequests } from '../http/errors';
import { clientKeyOf } from './client-key';
import type { ClientThrottles } from './settings';

export { clientKeyOf };

/** The one text of every per-client 429 (the portal's pages know it); the wait is in `Retry-After`. */
export const TOO_MANY_ATTEMPTS = LIMIT_TEXTS.tooManyAttempts;

export type ThrottleName = keyof ClientThrottles;

/**
 * The client a request comes from: its IP address, read through `X-Forwarded-For` only from the
 * proxies `trust proxy` names (the portal's own edge), so a client cannot pick its own key.
 */
export function clientKey(request: Request): string {
  return clientKeyOf(request.ip ?? request.socket.remoteAddress ?? 'unknown');
}

/**
 * Per-client budgets with rate-limiter-flexible's in-memory limiter: each request of a kind takes
 * one point of its client's budget, counted before any work (so a flood costs no hashing), and a
 * spent budget answers 429 until the window frees a point. Memory holds one small entry per active
 * client and kind, each removed when its window ends.
 */
export function createClientThrottles(settings: ClientThrottles) {
  const limiters = new Map<ThrottleName, RateLimiterMemory>();
  for (const [name, budget] of Object.entries(settings) as [ThrottleName, ClientThrottles[ThrottleName]][]) {
    if (budget)
      limiters.set(name, new RateLimiterMemory({ keyPrefix: name, points: budget.count, duration: budget.seconds }));
  }
  return {
    /**
     * `keyOf` names whose budget a request takes: the client by default; a signed-in call's member
     * (after `requireMember`) where a budget is the member's whatever the address.
     */
    limit(name: ThrottleName, keyOf: (request: Request, response: Response) => string = clientKey): RequestHandler {
      return (request, response, next) => {
        const limiter = limiters.get(name);
        if (!limiter) return next();
        limiter.consume(keyOf(request, response)).then(
          () => next(),
          (rejection: unknown) =>
            next(
              rejection instanceof RateLimiterRes
                ? new TooManyRequests(TOO_MANY_ATTEMPTS, rejection.msBeforeNext)
                : rejection,
            ),
        );
      };
    },
  };
}
export type ClientThrottler = ReturnType<typeof createClientThrottles>;
