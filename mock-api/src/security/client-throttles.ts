import type { Request, RequestHandler } from 'express';
import ipaddr from 'ipaddr.js';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { LIMIT_TEXTS } from '@loyalty/shared/api/messages';
import { TooManyRequests } from '../http/errors';
import type { ClientThrottles } from './settings';

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
 * One key per client, however it writes its address: an IPv4 address as itself, in its
 * IPv4-mapped IPv6 form (`::ffff:192.0.2.1`, which a dual-stack socket reports) too; an IPv6
 * address by its /64, the block one subscriber or host gets (RFC 6177), which holds 2^64 addresses
 * that would otherwise each be a budget of their own. Parsed by ipaddr.js (Express's own parser,
 * through proxy-addr), so every spelling of an address (`2001:DB8::1`, `2001:db8:0:0::1`) is one.
 */
export function clientKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = new ipaddr.IPv6([...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
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
    limit(name: ThrottleName): RequestHandler {
      return (request, _response, next) => {
        const limiter = limiters.get(name);
        if (!limiter) return next();
        limiter.consume(clientKey(request)).then(
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
