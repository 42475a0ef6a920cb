import type { Tier, Tiers } from '@loyalty/shared/api';

/** The programme's tiers. Levels are climbed in order; a tier counts claimed points or amount. */
export function defaultTiers(): Tier[] {
  return [
    { level: 1, name: 'Bronze', criterion: 'points', threshold: 0 },
    { level: 2, name: 'Silver', criterion: 'points', threshold: 1000 },
    { level: 3, name: 'Gold', criterion: 'points', threshold: 3000 },
    { level: 4, name: 'Platinum', criterion: 'amount', threshold: 10000 },
  ];
}

export interface TierMeasures {
  /** Every claimed point, pending or available. */
  points: number;
  /** The amount of every claimed booking. */
  amount: number;
}

/** Where a member stands: the highest tier reached in order, the next one and the way to it. */
export function tierProgress(tiers: Tier[], measures: TierMeasures): Tiers {
  const ordered = [...tiers].sort((a, b) => a.level - b.level);
  let current: Tier | null = null;
  let next: Tier | null = null;
  for (const tier of ordered) {
    if (measures[tier.criterion] >= tier.threshold) current = tier;
    else {
      next = tier;
      break;
    }
  }
  const nothingYet = measures.points === 0 && measures.amount === 0;
  if (!next) {
    const top = current ?? { threshold: 0, criterion: 'points' as const };
    return {
      tiers: ordered,
      current,
      next: null,
      progress: { value: measures[top.criterion], target: top.threshold, state: 'all_unlocked' },
    };
  }
  return {
    tiers: ordered,
    current,
    next,
    progress: {
      value: measures[next.criterion],
      target: next.threshold,
      state: nothingYet ? 'get_started' : 'keep_going',
    },
  };
}
