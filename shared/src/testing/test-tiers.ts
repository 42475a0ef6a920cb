import type { Tiers } from '@loyalty/shared/api';

/** A programme of one tier, reached by every member: `/api/auth/fetch-tiers` at its simplest. */
export const ONE_TIER: Tiers = {
  tiers: [{ level: 1, name: 'Bronze', criterion: 'points', threshold: 0 }],
  current: { level: 1, name: 'Bronze', criterion: 'points', threshold: 0 },
  next: null,
  progress: { value: 0, target: 0, state: 'all_unlocked' },
};
