import type { Balance, PendingPoints } from '@loyalty/shared/api';

/** The points that unlock first, and when. */
export interface Unlocking {
  points: number;
  /** `YYYY-MM-DD` */
  date: string;
}

/**
 * What the member can do next (docs/product/points.md, "Next steps"): a member with nothing claimed
 * starts by claiming; one whose points are all still pending learns when they unlock; one with
 * points to spend is sent to the rewards, and told of the next points unlocking.
 */
export type NextStep =
  | { kind: 'claim_first' }
  | { kind: 'wait'; unlocking: Unlocking }
  | { kind: 'spend'; points: number; unlocking: Unlocking | null };

export function nextStep(balance: Balance, pending: readonly PendingPoints[]): NextStep {
  // Several credits may unlock on the same first day: they count together.
  const first = [...pending].sort((a, b) => a.availableOn.localeCompare(b.availableOn))[0];
  const unlocking = first
    ? {
        date: first.availableOn,
        points: pending
          .filter((item) => item.availableOn === first.availableOn)
          .reduce((sum, item) => sum + item.points, 0),
      }
    : null;
  if (balance.pointBalance > 0) return { kind: 'spend', points: balance.pointBalance, unlocking };
  if (unlocking) return { kind: 'wait', unlocking };
  return { kind: 'claim_first' };
}
