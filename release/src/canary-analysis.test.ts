/**
 * The checks' statistics against the cases that went wrong with fixed minimums: strong evidence
 * on a small sample decides, noise on a small sample never does, and a build as good as stable
 * is not rolled back across many simulated walks.
 */
import { TIME_BUCKETS } from '../../telemetry/src/metrics';
import type { AnalysisChecks } from './analysis-config';
import { judgeCanary } from './canary-analysis';
import { emptyFigures, histogramQuantile, type Bucket, type ReleaseFigures } from './release-figures';
import { seededRandom as random } from './testing/seeded-random';

const CHECKS: AnalysisChecks = {
  errorRate: { minSample: 30, maxIncrease: 0.01, ceiling: 0.2 },
  failureRate: { minSample: 30, maxIncrease: 0.01, ceiling: 0.2 },
  lcpP75: { minSample: 20, maxRatio: 1.2, slackMs: 100 },
  inpP75: { minSample: 20, maxRatio: 1.2, slackMs: 20 },
};
const WALK = { confidence: 0.95, looks: 40 };

/** A cumulative histogram of `values` (ms) on the receiver's bounds (seconds). */
function histogram(values: readonly number[], bounds: readonly number[]): Bucket[] {
  const edges = [...bounds.map((bound) => bound * 1000), Infinity];
  return edges.map((le) => ({ le, count: values.filter((value) => value <= le).length }));
}

function release(
  channel: 'stable' | 'canary',
  { loads, errors = 0, lcp = [], inp = [] }: { loads: number; errors?: number; lcp?: number[]; inp?: number[] },
): ReleaseFigures {
  const figures = emptyFigures(channel === 'stable' ? '1.0.0' : '1.1.0', channel);
  const vital = (values: number[], bounds: readonly number[]) => {
    const buckets = histogram(values, bounds);
    return { count: values.length, buckets, p75: histogramQuantile(0.75, buckets) };
  };
  return {
    ...figures,
    loads,
    errors,
    remoteLoads: loads,
    remoteLoadFailures: errors,
    vitals: { ...figures.vitals, LCP: vital(lcp, TIME_BUCKETS.LCP), INP: vital(inp, TIME_BUCKETS.INP) },
  };
}

/** Log-normal latencies around `median` ms: how page timings spread. */
const latencies = (next: () => number, count: number, median: number) =>
  Array.from({ length: count }, () => {
    const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    return median * Math.exp(0.6 * normal);
  });

test('6 errors in 16 canary loads against 0 in 37 on stable is strong evidence: it fails at once', () => {
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
  expect(canary.vitals.INP.p75).toBeGreaterThan(500);
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
    const stable = { loads: 0, errors: 0, lcp: [] as number[], inp: [] as number[] };
    const canary = { loads: 0, errors: 0, lcp: [] as number[], inp: [] as number[] };
    for (let look = 0; look < WALK.looks; look += 1) {
      // Each reading adds a few loads: 2 % of them throw on both sides, timings spread alike.
      for (const side of [stable, canary]) {
        const loads = side === stable ? 6 : 2;
        side.loads += loads;
        for (let load = 0; load < loads; load += 1) if (next() < 0.02) side.errors += 1;
        side.lcp.push(...latencies(next, loads, 1800));
        side.inp.push(...latencies(next, loads, 150));
      }
      if (judgeCanary(CHECKS, release('canary', canary), release('stable', stable), WALK).verdict === 'fail') {
        rolledBack += 1;
        break;
      }
    }
  }
  expect(rolledBack / WALKS).toBeLessThanOrEqual(1 - WALK.confidence);
});
