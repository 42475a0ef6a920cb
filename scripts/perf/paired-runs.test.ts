// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as pairedRuns from './paired-runs.mjs';

interface Run {
  performance: number;
  lcpMs: number;
  tbtMs: number;
}
interface Counts {
  better: number;
  worse: number;
  equal: number;
  medianDifference: number | null;
}
const { comparePairs, describePairs } = pairedRuns as {
  comparePairs(runs: Run[], baselineRuns: Run[]): { pairs: number } & Record<keyof Run, Counts>;
  describePairs(comparison: ReturnType<typeof comparePairs>): string[];
};

const run = (performance: number, lcpMs: number, tbtMs: number): Run => ({ performance, lcpMs, tbtMs });

test('each figure is compared within its pair, the better way being its own', () => {
  // The host slows down over the rounds: every median moves, the pairs keep their order.
  const tree = [run(90, 3000, 200), run(86, 3300, 300), run(80, 3600, 450)];
  const baseline = [run(88, 3100, 260), run(86, 3250, 380), run(77, 3700, 450)];
  const comparison = comparePairs(tree, baseline);
  expect(comparison.pairs).toBe(3);
  expect(comparison.performance).toEqual({ better: 2, worse: 0, equal: 1, medianDifference: 2 });
  expect(comparison.lcpMs).toEqual({ better: 2, worse: 1, equal: 0, medianDifference: -100 });
  expect(comparison.tbtMs).toEqual({ better: 2, worse: 0, equal: 1, medianDifference: -60 });
  expect(describePairs(comparison)).toEqual([
    'perf: better in 2 of 3 pairs, worse in 0, equal in 1; median difference +2',
    'LCP ms: better in 2 of 3 pairs, worse in 1, equal in 0; median difference -100',
    'TBT ms: better in 2 of 3 pairs, worse in 0, equal in 1; median difference -60',
  ]);
});

test('a run without a pair is left out', () => {
  const comparison = comparePairs([run(90, 3000, 200), run(95, 2500, 100)], [run(91, 3000, 210)]);
  expect(comparison.pairs).toBe(1);
  expect(comparison.performance).toEqual({ better: 0, worse: 1, equal: 0, medianDifference: -1 });
});
