import { REWARD_CATEGORIES, type Reward, type RewardCategory } from '@loyalty/shared/api';

export interface RewardsFilter {
  category: RewardCategory | null;
  /** Only what the available balance pays for now. */
  affordable: boolean;
}

/** The filter as the URL holds it (`?category=dining&affordable=1`); anything else is ignored. */
export function filterFromSearch(search: URLSearchParams): RewardsFilter {
  const category = search.get('category');
  return {
    category: (REWARD_CATEGORIES as readonly string[]).includes(category ?? '') ? (category as RewardCategory) : null,
    affordable: search.get('affordable') === '1',
  };
}

export function filterToSearch(filter: RewardsFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.category) search.set('category', filter.category);
  if (filter.affordable) search.set('affordable', '1');
  return search;
}

/**
 * The rewards the filter lets through, cheapest first, those still to be had before the sold-out
 * ones: a member looks first at what they can have.
 */
export function filterRewards(rewards: readonly Reward[], filter: RewardsFilter, balance: number): Reward[] {
  return rewards
    .filter((reward) => !filter.category || reward.category === filter.category)
    .filter((reward) => !filter.affordable || (!reward.soldOut && reward.cost <= balance))
    .sort((a, b) => Number(a.soldOut) - Number(b.soldOut) || a.cost - b.cost);
}

/** The categories that have at least one reward, in the catalogue's order. */
export function categoriesIn(rewards: readonly Reward[]): RewardCategory[] {
  return REWARD_CATEGORIES.filter((category) => rewards.some((reward) => reward.category === category));
}
