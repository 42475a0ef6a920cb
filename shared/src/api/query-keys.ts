/**
 * The roots of the cache's keys. A query's key starts with the root of what it holds, so one
 * invalidation reaches every query of a kind: a claim or a redemption marks every points query
 * (balance, pending points, tiers, transactions) stale at once.
 */
export const queryKeys = {
  member: ['member'],
  permissions: ['permissions'],
  points: ['points'],
  geo: ['geo'],
  account: ['account'],
  rewards: ['rewards'],
  vouchers: ['vouchers'],
  passkeys: ['passkeys'],
  household: ['household'],
} as const;

/** How long the member's figures serve a page visit without being asked for again. */
export const POINTS_FRESH_MS = 5_000;
