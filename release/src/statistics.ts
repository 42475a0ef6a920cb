/**
 * The tests a canary's checks rest on (decision 058). Each answers one question with a stated
 * confidence, from counts alone, so it holds for eight samples as for eight thousand: a small
 * sample gives a wide interval, which decides nothing; a strong difference decides early.
 */
import { gammaln, probit } from 'simple-statistics';
import type { Bucket } from './release-figures';

export interface Interval {
  low: number;
  high: number;
}

/**
 * The z score of a one-sided test at `confidence`, corrected for `looks` readings of the same
 * walk (Bonferroni: the chance that any one of them is a false alarm stays within 1 − confidence).
 */
export function zFor(confidence: number, looks = 1): number {
  const alpha = (1 - confidence) / Math.max(1, looks);
  return probit(1 - alpha);
}

/** Wilson's score interval for `successes` of `trials` at z (each side at the one-sided level). */
export function wilson(successes: number, trials: number, z: number): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Newcombe's interval (method 10) for the difference of two proportions, canary − stable, from
 * each side's Wilson interval: well behaved at zero events and small samples, where the normal
 * approximation is not.
 */
export function rateDifference(
  canary: { events: number; trials: number },
  stable: { events: number; trials: number },
  z: number,
): Interval & { difference: number } {
  const p1 = canary.events / canary.trials;
  const p2 = stable.events / stable.trials;
  const a = wilson(canary.events, canary.trials, z);
  const b = wilson(stable.events, stable.trials, z);
  const difference = p1 - p2;
  return {
    difference,
    low: difference - Math.sqrt((p1 - a.low) ** 2 + (b.high - p2) ** 2),
    high: difference + Math.sqrt((a.high - p1) ** 2 + (p2 - b.low) ** 2),
  };
}

/** ln C(n, k). */
const logChoose = (n: number, k: number) => gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1);

/** Adds probabilities given as logarithms without leaving log space until the end. */
function sumOfLogs(logs: number[]): number {
  const finite = logs.filter(Number.isFinite);
  if (finite.length === 0) return 0;
  const top = Math.max(...finite);
  return Math.exp(top) * finite.reduce((sum, log) => sum + Math.exp(log - top), 0);
}

/**
 * P(X ≥ x) for X ~ Binomial(n, p): the exact one-sided p-value of seeing `x` or more events in
 * `n` trials when the true rate is `p`. Exact where a normal approximation is not (one event in
 * one trial is no evidence).
 */
export function binomialUpperTail(x: number, n: number, p: number): number {
  if (x <= 0) return 1;
  if (x > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const logs: number[] = [];
  for (let k = x; k <= n; k += 1) logs.push(logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p));
  return Math.min(1, sumOfLogs(logs));
}

/**
 * Fisher's exact test, one-sided: the chance that the canary would get `canary.events` or more of
 * all the events if both sides had the same rate (the hypergeometric tail).
 */
export function fisherGreater(
  canary: { events: number; trials: number },
  stable: { events: number; trials: number },
): number {
  const total = canary.trials + stable.trials;
  const events = canary.events + stable.events;
  if (canary.events === 0 || total === 0) return 1;
  const logs: number[] = [];
  for (let x = canary.events; x <= Math.min(events, canary.trials); x += 1) {
    logs.push(logChoose(events, x) + logChoose(total - events, canary.trials - x) - logChoose(total, canary.trials));
  }
  return Math.min(1, sumOfLogs(logs));
}

/**
 * How many observations of a cumulative histogram are surely above `limit`: those of buckets whose
 * lower bound is at or past it. The bucket the limit falls in is counted as below, so a test built
 * on this errs towards passing (fine buckets near the limits keep that margin small).
 */
export function surelyAbove(buckets: readonly Bucket[], limit: number): { above: number; total: number } {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  // The first bound at or past the limit: every observation of a later bucket lies above it.
  const bound = sorted.find((bucket) => bucket.le !== Infinity && bucket.le >= limit);
  return { above: bound ? Math.max(0, total - bound.count) : 0, total };
}
