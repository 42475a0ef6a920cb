import type { Tier, TierQualification, Tiers } from '@loyalty/shared/api';
import { addDays } from '../clock';
import type { Database } from '../store/schema';
import { readable } from '../store/store';

/**
 * What each tier gives, by benefit id (the front end words them). Kept in code rather than in the data folder so that
 * a folder seeded before benefits existed still serves them (docs/product/tiers.md, "Benefits").
 */
export const TIER_BENEFITS: Readonly<Record<string, readonly string[]>> = {
  Bronze: ['member_rates', 'free_wifi', 'earn_points'],
  Silver: ['member_rates', 'free_wifi', 'earn_points', 'bonus_10', 'late_checkout'],
  Gold: ['member_rates', 'free_wifi', 'earn_points', 'bonus_25', 'late_checkout', 'room_upgrade', 'welcome_gift'],
  Platinum: [
    'member_rates',
    'free_wifi',
    'earn_points',
    'bonus_50',
    'late_checkout',
    'suite_upgrade',
    'lounge_access',
    'guaranteed_room',
  ],
};

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
  /** Every point claimed in the period, pending or available. */
  points: number;
  /** The amount of every booking claimed in the period. */
  amount: number;
}

/** One claim as tiers count it: the day it was claimed, its points and its booking's amount. */
export interface TierClaim {
  day: string;
  points: number;
  amount: number;
}

function withBenefits(tier: Tier): Tier {
  return { ...tier, benefits: [...(TIER_BENEFITS[tier.name] ?? [])] };
}

/** The index in `ordered` of the highest tier whose threshold the measures meet, climbing in order; -1 for none. */
function reachedIndex(ordered: Tier[], measures: TierMeasures): number {
  let index = -1;
  for (const [position, tier] of ordered.entries()) {
    if (measures[tier.criterion] >= tier.threshold) index = position;
    else break;
  }
  return index;
}

/** `YYYY-MM-DD` plus whole years; 29 February falls back to 28 February in a common year. */
export function addYears(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const last = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${target}-${String(month).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/**
 * Where a member stands (docs/product/tiers.md): the qualification period is the membership year, from the day of
 * joining; a tier reached in it applies at once and is held to the end of the next membership year. At each annual
 * check the tier reached in the year ending is kept or moves up; below it, the member moves down one tier only.
 */
export function tierStanding(tiers: Tier[], claims: TierClaim[], joinedOn: string, today: string): Tiers {
  const ordered = [...tiers].sort((a, b) => a.level - b.level).map(withBenefits);
  const measuresIn = (start: string, end: string): TierMeasures =>
    claims
      .filter((claim) => claim.day >= start && claim.day <= end)
      .reduce((sum, claim) => ({ points: sum.points + claim.points, amount: sum.amount + claim.amount }), {
        points: 0,
        amount: 0,
      });
  // A clock before the day of joining (a back-dated test clock) is the first year.
  let year = 0;
  while (addYears(joinedOn, year + 1) <= today) year++;
  let held = -1;
  for (let past = 0; past < year; past++) {
    const reached = reachedIndex(
      ordered,
      measuresIn(addYears(joinedOn, past), addDays(addYears(joinedOn, past + 1), -1)),
    );
    held = reached >= held ? reached : Math.max(reached, held - 1);
  }
  const periodStart = addYears(joinedOn, year);
  const periodEnd = addDays(addYears(joinedOn, year + 1), -1);
  const measures = measuresIn(periodStart, periodEnd);
  const reachedNow = reachedIndex(ordered, measures);
  const currentIndex = Math.max(held, reachedNow);
  const qualification: TierQualification = {
    periodStart,
    periodEnd,
    // Earned this year: held through the next one. Only carried from the last check: held to this year's end.
    statusValidUntil: reachedNow >= currentIndex ? addDays(addYears(joinedOn, year + 2), -1) : periodEnd,
  };
  const current = ordered[currentIndex] ?? null;
  const next = ordered[currentIndex + 1] ?? null;
  if (!next) {
    const top = current ?? { threshold: 0, criterion: 'points' as const };
    return {
      tiers: ordered,
      current,
      next: null,
      progress: { value: measures[top.criterion], target: top.threshold, state: 'all_unlocked' },
      qualification,
    };
  }
  const nothingYet = measures.points === 0 && measures.amount === 0;
  return {
    tiers: ordered,
    current,
    next,
    progress: {
      value: measures[next.criterion],
      target: next.threshold,
      state: nothingYet ? 'get_started' : 'keep_going',
    },
    qualification,
  };
}

/** A member's standing from the ledger: every claim, dated by the day it was made, with its booking's amount. */
export function memberTierStanding(data: Database, memberId: string, today: string): Tiers {
  const member = data.members.find((candidate) => candidate.id === memberId);
  const amounts = new Map(data.bookings.map((booking) => [booking.id, booking.amount]));
  const claims = readable(data.transactions)
    .filter((record) => record.memberId === memberId && record.kind === 'claim')
    .map((record) => ({
      day: record.date.slice(0, 10),
      points: record.points,
      amount: record.bookingId !== undefined ? (amounts.get(record.bookingId) ?? 0) : 0,
    }));
  return tierStanding(data.tiers, claims, (member?.createdAt ?? today).slice(0, 10), today);
}
