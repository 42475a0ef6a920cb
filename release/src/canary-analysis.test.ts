/**
 * The checks' statistics against the cases that went wrong with fixed minimums: strong evidence
 * on a small sample decides, noise on a small sample never does, and a build as good as stable
 * is not rolled back across many simulated walks.
 */
import { readFileSync } from 'node:fs';
import { VITAL_HISTOGRAMS } from '@loyalty/shared/telemetry';
import {
  DEFAULT_ANALYSIS_FILE,
  parseAnalysis,
  type CheckConfig,
  type QuantileCheckConfig,
  type RateCheckConfig,
} from './analysis-config';
import { describeCheck, figureOf, judgeCanary, plannedLooks } from './canary-analysis';
import { emptyFigures, selectorKey, type Bucket, type ReleaseFigures } from './release-figures';
import { seededRandom as random } from './testing/seeded-random';
import { SHIPPED } from './testing/shipped-checks';

const ERRORS = { ...SHIPPED.errorRate, minSample: 30, maxIncrease: 0.01, ceiling: 0.2 } as RateCheckConfig;
const FAILURES = { ...SHIPPED.failureRate, minSample: 30, maxIncrease: 0.01, ceiling: 0.2 } as RateCheckConfig;
const LCP = { ...SHIPPED.lcpP75, minSample: 20, maxRatio: 1.2, slack: 100 } as QuantileCheckConfig;
const INP = { ...SHIPPED.inpP75, minSample: 20, maxRatio: 1.2, slack: 20 } as QuantileCheckConfig;
const CLS = { ...SHIPPED.clsP75, minSample: 20 } as QuantileCheckConfig;
const CHECKS: CheckConfig[] = [ERRORS, FAILURES, LCP, INP];
const WALK = { confidence: 0.95, looks: 40 };

/** A cumulative histogram of `values` (in the check's unit) on the receiver's bounds (in the series'). */
function histogram(values: readonly number[], vital: keyof typeof VITAL_HISTOGRAMS, scale: number): Bucket[] {
  const edges = [...VITAL_HISTOGRAMS[vital].buckets, Infinity];
  return edges.map((le) => ({ le, count: values.filter((value) => value / scale <= le).length }));
}

function release(
  channel: 'stable' | 'canary',
  {
    loads,
    errors = 0,
    lcp = [],
    inp = [],
    cls = [],
    reporters = 0,
    errorAddresses = 0,
  }: {
    loads: number;
    errors?: number;
    lcp?: number[];
    inp?: number[];
    cls?: number[];
    /** Distinct addresses behind the figures, and behind their errors (and failed loads). */
    reporters?: number;
    errorAddresses?: number;
  },
): ReleaseFigures {
  const figures = emptyFigures(channel === 'stable' ? '1.0.0' : '1.1.0', channel);
  return {
    ...figures,
    reporters,
    eventAddresses: { errors: errorAddresses, failures: errorAddresses },
    counts: {
      [selectorKey(ERRORS.trials)]: loads,
      [selectorKey(ERRORS.events)]: errors,
      [selectorKey(FAILURES.trials)]: loads,
      [selectorKey(FAILURES.events)]: errors,
    },
    histograms: {
      [selectorKey(LCP)]: histogram(lcp, 'LCP', 1000),
      [selectorKey(INP)]: histogram(inp, 'INP', 1000),
      [selectorKey(CLS)]: histogram(cls, 'CLS', 1),
    },
  };
}

/** Layout shifts: most pages none, `shifting` of them a score spread around 0.05. */
const shifts = (next: () => number, count: number, shifting: number) =>
  Array.from({ length: count }, () => (next() < shifting ? 0.05 * -Math.log(1 - next()) : 0));

/** Log-normal latencies around `median` ms: how page timings spread. */
const latencies = (next: () => number, count: number, median: number) =>
  Array.from({ length: count }, () => {
    const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    return median * Math.exp(0.6 * normal);
  });

test('6 errors in 16 canary loads against 0 in 37 fail on the comparison, its interval above the allowed increase', () => {
  const judgement = judgeCanary(
    CHECKS,
    release('canary', { loads: 16, errors: 6 }),
    release('stable', { loads: 37 }),
    WALK,
  );
  const errorRate = judgement.checks.find((check) => check.check === 'errorRate')!;
  expect(errorRate).toMatchObject({ verdict: 'fail', reason: 'stable', sample: { canary: 16, stable: 37 } });
  expect(errorRate.pValue).toBeLessThan(errorRate.alpha);
  expect(errorRate.interval!.low).toBeGreaterThan(0.01);
  expect(judgement.verdict).toBe('fail');
});

describe('6 errors in 16 canary loads against 0 in 37, as a shipped walk judges it', () => {
  // The plan the docs give (`--steps 5,25,50,100 --interval 10m`) with the shipped analysis file,
  // a minute into the walk: what the walk passes judgeCanary.
  const shipped = parseAnalysis(JSON.parse(readFileSync(DEFAULT_ANALYSIS_FILE, 'utf8')), DEFAULT_ANALYSIS_FILE);
  const SHIPPED_WALK = {
    confidence: shipped.confidence,
    looks: plannedLooks([5, 25, 50, 100], 10 * 60_000, shipped),
    minReporters: shipped.minReporters,
    gatheredMs: 60_000,
  };
  const stable = release('stable', { loads: 37, reporters: 30 });

  test('from several addresses, it rolls the canary back at the first reading', () => {
    expect(SHIPPED_WALK.looks).toBe(80);
    const canary = release('canary', { loads: 16, errors: 6, reporters: 12, errorAddresses: 6 });
    const judgement = judgeCanary(shipped.checks, canary, stable, SHIPPED_WALK);
    const errorRate = judgement.checks.find((check) => check.check === 'errorRate')!;
    expect(errorRate).toMatchObject({ verdict: 'fail', sample: { canary: 16, stable: 37 } });
    expect(errorRate.pValue).toBeLessThan(errorRate.alpha);
    expect(judgement.verdict).toBe('fail');
  });

  test('from fewer addresses than a verdict needs, each at its cap, it decides nothing yet', () => {
    // Two addresses adding three errors each: what two forgers could, so it waits for more.
    const canary = release('canary', { loads: 16, errors: 6, reporters: 12, errorAddresses: 2 });
    const judgement = judgeCanary(shipped.checks, canary, stable, SHIPPED_WALK);
    expect(judgement.checks.find((check) => check.check === 'errorRate')).toMatchObject({ verdict: 'insufficient' });
    expect(judgement.verdict).toBe('insufficient');
  });

  test('a broken canary with little traffic is caught by its ceiling once its errors come from many addresses', () => {
    // No stable traffic to compare: 5 errors in 12 loads, from five addresses, is above 5 % surely.
    const canary = release('canary', { loads: 12, errors: 5, reporters: 8, errorAddresses: 5 });
    const [errorRate] = judgeCanary(shipped.checks, canary, undefined, SHIPPED_WALK).checks;
    expect(errorRate).toMatchObject({ check: 'errorRate', verdict: 'fail', reason: 'ceiling' });
  });
});

test('a broken canary with no stable traffic to compare is caught by its ceiling', () => {
  const judgement = judgeCanary(CHECKS, release('canary', { loads: 20, errors: 12 }), undefined, WALK);
  expect(judgement.checks[0]).toMatchObject({ verdict: 'fail', reason: 'ceiling' });
});

test('one error in one load is no evidence: the check waits for more', () => {
  const judgement = judgeCanary(
    CHECKS,
    release('canary', { loads: 1, errors: 1 }),
    release('stable', { loads: 37 }),
    WALK,
  );
  expect(judgement.checks[0]!.verdict).toBe('insufficient');
});

test('8 INP measurements with a p75 in a high bucket are noise, not a rollback', () => {
  // The byte-identical build's reading: three of eight interactions between 500 and 750 ms.
  const canary = release('canary', { loads: 8, inp: [90, 120, 150, 180, 220, 560, 610, 700] });
  const stable = release('stable', { loads: 200, inp: latencies(random(7), 200, 200) });
  expect(figureOf(INP, canary).value).toBeGreaterThan(500);
  const inp = judgeCanary(CHECKS, canary, stable, WALK).checks.find((check) => check.check === 'inpP75')!;
  expect(inp.verdict).toBe('insufficient');
});

test('a canary whose interactions are twice as slow fails its INP check on a hundred measurements', () => {
  const next = random(11);
  const stable = release('stable', { loads: 300, inp: latencies(next, 300, 150) });
  const canary = release('canary', { loads: 100, inp: latencies(next, 100, 300) });
  const inp = judgeCanary(CHECKS, canary, stable, WALK).checks.find((check) => check.check === 'inpP75')!;
  expect(inp).toMatchObject({ verdict: 'fail', reason: 'stable' });
});

test('a canary as good as stable passes once both sides have their minimum sample', () => {
  const next = random(3);
  const judgement = judgeCanary(
    CHECKS,
    release('canary', { loads: 60, errors: 1, lcp: latencies(next, 60, 1800), inp: latencies(next, 60, 150) }),
    release('stable', { loads: 200, errors: 2, lcp: latencies(next, 200, 1800), inp: latencies(next, 200, 150) }),
    WALK,
  );
  expect(judgement.checks.map((check) => [check.check, check.verdict])).toEqual([
    ['errorRate', 'pass'],
    ['failureRate', 'pass'],
    ['lcpP75', 'pass'],
    ['inpP75', 'pass'],
  ]);
});

test('builds as good as stable are rolled back in fewer walks than the confidence allows, over 100 simulated walks', () => {
  const next = random(2026);
  let rolledBack = 0;
  const WALKS = 100;
  for (let walk = 0; walk < WALKS; walk += 1) {
    const stable = { loads: 0, errors: 0, lcp: [] as number[], inp: [] as number[], cls: [] as number[] };
    const canary = { loads: 0, errors: 0, lcp: [] as number[], inp: [] as number[], cls: [] as number[] };
    for (let look = 0; look < WALK.looks; look += 1) {
      // Each reading adds a few loads: 2 % of them throw on both sides, timings spread alike.
      for (const side of [stable, canary]) {
        const loads = side === stable ? 6 : 2;
        side.loads += loads;
        for (let load = 0; load < loads; load += 1) if (next() < 0.02) side.errors += 1;
        side.lcp.push(...latencies(next, loads, 1800));
        side.inp.push(...latencies(next, loads, 150));
        side.cls.push(...shifts(next, loads, 0.3));
      }
      // The shipped checks and CLS's: five checks, each at the walk's level, still within it.
      if (
        judgeCanary([...CHECKS, CLS], release('canary', canary), release('stable', stable), WALK).verdict === 'fail'
      ) {
        rolledBack += 1;
        break;
      }
    }
  }
  expect(rolledBack / WALKS).toBeLessThanOrEqual(1 - WALK.confidence);
});

describe('a check of a unitless quantile (CLS), as the shipped file holds it', () => {
  test('a canary whose pages shift fails on a hundred measurements, its figures unitless', () => {
    const next = random(17);
    const stable = release('stable', { loads: 300, cls: shifts(next, 300, 0.3) });
    const canary = release('canary', { loads: 100, cls: shifts(next, 100, 0.3).map((score) => score + 0.2) });
    const [cls] = judgeCanary([CLS], canary, stable, WALK).checks;
    expect(cls).toMatchObject({
      check: 'clsP75',
      title: 'p75 CLS',
      unit: 'unitless',
      verdict: 'fail',
      reason: 'stable',
    });
    // Stable's p75 is a small score; the limit is it × 1.2 + 0.05.
    expect(cls!.stable).toBeLessThan(0.05);
    expect(cls!.limit).toBeCloseTo(cls!.stable! * 1.2 + 0.05, 10);
    expect(describeCheck(cls!)).toMatch(/^p75 CLS +canary +0\.\d+ +stable +0\.\d+ +limit +0\.\d+ /);
    expect(describeCheck(cls!)).not.toMatch(/ms|%/);
  });

  test('a canary that shifts as stable does passes once both sides have their minimum sample', () => {
    const next = random(19);
    const stable = release('stable', { loads: 300, cls: shifts(next, 300, 0.3) });
    const canary = release('canary', { loads: 60, cls: shifts(next, 60, 0.3) });
    expect(judgeCanary([CLS], canary, stable, WALK).checks[0]).toMatchObject({ verdict: 'pass' });
  });
});

test('a result an older CLI recorded, without title or unit, is described as its check was', () => {
  const recorded = {
    check: 'lcpP75',
    verdict: 'pass' as const,
    canary: 1344,
    stable: 1203,
    limit: 2055,
    sample: { canary: 20, stable: 42, minimum: 10 },
    confidence: 0.95,
    alpha: 0.002,
    pValue: 0.5,
    interval: null,
  };
  expect(describeCheck(recorded)).toMatch(/^p75 LCP +canary +1344 ms +stable +1203 ms +limit +2055 ms/);
  expect(describeCheck({ ...recorded, check: 'errorRate', canary: 0.5, stable: 0, limit: 0.02 })).toMatch(
    /^error rate +canary +50\.0 %/,
  );
});
