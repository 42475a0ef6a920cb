import type { Tiers } from '@loyalty/shared/api';
import { isTierReached, tierProgressView } from './tier-state';

const bronze = { level: 1, name: 'Bronze', criterion: 'points' as const, threshold: 0 };
const silver = { level: 2, name: 'Silver', criterion: 'points' as const, threshold: 1000 };
const gold = { level: 3, name: 'Gold', criterion: 'points' as const, threshold: 3000 };
const platinum = { level: 4, name: 'Platinum', criterion: 'amount' as const, threshold: 10000 };
const tiers = [bronze, silver, gold, platinum];

const make = (overrides: Partial<Tiers>): Tiers => ({
  tiers,
  current: bronze,
  next: silver,
  progress: { value: 0, target: 1000, state: 'get_started' },
  ...overrides,
});

describe('tier progress (docs/product/points.md)', () => {
  it('gets started with nothing claimed: 0 % and the whole threshold to go', () => {
    expect(tierProgressView(make({}))).toEqual({ state: 'get_started', percent: 0, remaining: 1000, next: silver });
  });

  it('keeps going part of the way, towards the next tier in its own criterion', () => {
    const view = tierProgressView(
      make({ current: silver, next: gold, progress: { value: 1600, target: 3000, state: 'keep_going' } }),
    );
    expect(view).toMatchObject({ state: 'keep_going', percent: 53, remaining: 1400, next: gold });
  });

  it('says all tiers are unlocked at the top, full bar, nothing remaining', () => {
    const view = tierProgressView(
      make({ current: platinum, next: null, progress: { value: 12000, target: 10000, state: 'all_unlocked' } }),
    );
    expect(view).toEqual({ state: 'all_unlocked', percent: 100, remaining: 0, next: null });
  });

  it('never shows more than 100 % or less than 0 %', () => {
    expect(tierProgressView(make({ progress: { value: 5000, target: 1000, state: 'keep_going' } })).percent).toBe(100);
    expect(tierProgressView(make({ progress: { value: -5, target: 1000, state: 'keep_going' } })).percent).toBe(0);
  });

  it('counts a tier reached up to the current level only', () => {
    const state = make({ current: silver, next: gold });
    expect(tiers.map((tier) => isTierReached(tier, state))).toEqual([true, true, false, false]);
    expect(isTierReached(bronze, make({ current: null }))).toBe(false);
  });
});
