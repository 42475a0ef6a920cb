// Two builds' Lighthouse runs taken in turn (`npm run perf -- --baseline`), compared pair by pair.
// This host's speed drifts by tens of percent within minutes; the two runs of a pair share their
// moment, where the medians of each build's runs do not. "Lower in 4 pairs of 5" says more here
// than two medians a point apart.
import { median } from './page-metrics.mjs';

/** The figures compared, and which way is better. */
export const PAIRED_FIGURES = [
  { key: 'performance', label: 'perf', better: 'higher' },
  { key: 'lcpMs', label: 'LCP ms', better: 'lower' },
  { key: 'tbtMs', label: 'TBT ms', better: 'lower' },
];

/**
 * For each figure, over the pairs (`runs[i]` against `baselineRuns[i]`, taken in the same round):
 * in how many pairs `runs` was better, worse or equal, and the median of the differences (`runs`
 * minus `baselineRuns`). Runs past the shorter list have no pair and are left out.
 */
export function comparePairs(runs, baselineRuns, figures = PAIRED_FIGURES) {
  const pairs = Math.min(runs.length, baselineRuns.length);
  const comparison = { pairs };
  for (const { key, better } of figures) {
    const differences = [];
    for (let index = 0; index < pairs; index += 1) differences.push(runs[index][key] - baselineRuns[index][key]);
    const sign = better === 'higher' ? 1 : -1;
    comparison[key] = {
      better: differences.filter((difference) => difference * sign > 0).length,
      worse: differences.filter((difference) => difference * sign < 0).length,
      equal: differences.filter((difference) => difference === 0).length,
      medianDifference: pairs ? median(differences) : null,
    };
  }
  return comparison;
}

/** One line per figure: "perf: better in 4 of 5 pairs, worse in 1, median difference +3". */
export function describePairs(comparison, figures = PAIRED_FIGURES) {
  return figures.map(({ key, label }) => {
    const { better, worse, equal, medianDifference } = comparison[key];
    const signed = medianDifference > 0 ? `+${medianDifference}` : String(medianDifference);
    return `${label}: better in ${better} of ${comparison.pairs} pairs, worse in ${worse}, equal in ${equal}; median difference ${signed}`;
  });
}
