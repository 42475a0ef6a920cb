import type { Tier, Tiers } from '@loyalty/shared/api';

export type TierProgressState = Tiers['progress']['state'];

export interface TierProgressView {
  state: TierProgressState;
  /** 0–100, for a progress bar. */
  percent: number;
  /** What is still missing to reach the next tier, in its own criterion (0 when all are unlocked). */
  remaining: number;
  next: Tier | null;
}

/**
 * docs/product/points.md "Tier progress" turned into what a tracker shows. The server names the state; this only
 * derives the figures, and falls back to the spec's rule when the server's figures are odd.
 */
export function tierProgressView(tiers: Tiers): TierProgressView {
  const { value, target, state } = tiers.progress;
  if (state === 'all_unlocked' || !tiers.next) return { state: 'all_unlocked', percent: 100, remaining: 0, next: null };
  const safeTarget = target > 0 ? target : tiers.next.threshold;
  const ratio = safeTarget > 0 ? value / safeTarget : 0;
  const percent = Math.max(0, Math.min(100, Math.floor(ratio * 100)));
  return { state, percent, remaining: Math.max(0, safeTarget - value), next: tiers.next };
}

/** Whether a tier has been reached: tiers are climbed in level order, up to the current one. */
export function isTierReached(tier: Tier, tiers: Tiers): boolean {
  return tiers.current !== null && tier.level <= tiers.current.level;
}
