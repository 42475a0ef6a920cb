import type { AnalysisChecks } from './analysis-config';
import { judgeCanary } from './canary-analysis';
import { emptyFigures, histogramQuantile, type ReleaseFigures } from './release-figures';

const CHECKS: AnalysisChecks = {
  errorRate: { minSample: 100, maxIncrease: 0.01 },
  failureRate: { minSample: 100, maxIncrease: 0.005 },
  lcpP75: { minSample: 50, maxRatio: 1.2, slackMs: 100 },
  inpP75: { minSample: 20, maxRatio: 1.2, slackMs: 20 },
};

function figures(version: string, channel: string, overrides: Partial<ReleaseFigures> = {}, lcp = 2000, inp = 150) {
  const base = emptyFigures(version, channel);
  return {
    ...base,
    loads: 400,
    errors: 2,
    remoteLoads: 400,
    remoteLoadFailures: 0,
    vitals: { ...base.vitals, LCP: { p75: lcp, count: 300 }, INP: { p75: inp, count: 80 } },
    ...overrides,
  };
}
const stable = figures('1.0.0', 'stable');

test('a canary as good as stable passes every check', () => {
  const judgement = judgeCanary(CHECKS, figures('1.1.0', 'canary', {}, 2100, 160), stable);
  expect(judgement.verdict).toBe('pass');
  expect(judgement.checks.map((check) => check.verdict)).toEqual(['pass', 'pass', 'pass', 'pass']);
  // stable's 2000 ms × 1.2 + 100 ms
  expect(judgement.checks.find((check) => check.check === 'lcpP75')!.limit).toBe(2500);
});

test('an error rate one point above stable fails, whatever else passes', () => {
  const judgement = judgeCanary(CHECKS, figures('1.1.0', 'canary', { errors: 7 }), stable);
  expect(judgement.verdict).toBe('fail');
  expect(judgement.checks.find((check) => check.check === 'errorRate')).toMatchObject({
    verdict: 'fail',
    canary: 7 / 400,
    stable: 2 / 400,
    limit: 2 / 400 + 0.01,
  });
});

test('a slow LCP fails even when errors are fine', () => {
  expect(judgeCanary(CHECKS, figures('1.1.0', 'canary', {}, 2600), stable).verdict).toBe('fail');
});

test('too few page loads on either side is insufficient, not a pass', () => {
  const few = figures('1.1.0', 'canary', { loads: 30, remoteLoads: 30 });
  const judgement = judgeCanary(CHECKS, few, stable);
  expect(judgement.verdict).toBe('insufficient');
  expect(judgement.checks.find((check) => check.check === 'errorRate')!.sample).toEqual({
    canary: 30,
    stable: 400,
    minimum: 100,
  });
  expect(judgeCanary(CHECKS, figures('1.1.0', 'canary'), undefined).verdict).toBe('insufficient');
});

test('a failure on a sufficient check fails even while another check lacks data', () => {
  const canary = figures('1.1.0', 'canary', { errors: 40 });
  canary.vitals.INP = { p75: null, count: 0 };
  expect(judgeCanary(CHECKS, canary, stable).verdict).toBe('fail');
});

test("at 100 % stable's figures from an earlier step stand in, and say so", () => {
  const quietStable = emptyFigures('1.0.0', 'stable');
  const judgement = judgeCanary(CHECKS, figures('1.1.0', 'canary'), quietStable, stable);
  expect(judgement.verdict).toBe('pass');
  expect(judgement.checks.every((check) => check.stableFromEarlierStep)).toBe(true);
});

describe('histogramQuantile, as Prometheus computes it', () => {
  const buckets = [
    { le: 1, count: 10 },
    { le: 2, count: 30 },
    { le: 4, count: 40 },
    { le: Infinity, count: 40 },
  ];
  test('interpolates inside the bucket the rank falls in', () => {
    // rank 30 (75 % of 40) is the top of the (1, 2] bucket
    expect(histogramQuantile(0.75, buckets)).toBe(2);
    // rank 20: halfway through (1, 2]
    expect(histogramQuantile(0.5, buckets)).toBe(1.5);
    // rank 4: 40 % of the way through (0, 1]
    expect(histogramQuantile(0.1, buckets)).toBeCloseTo(0.4);
  });
  test('gives the highest finite bound when the rank falls in +Inf, and null with no observation', () => {
    expect(
      histogramQuantile(0.99, [
        { le: 1, count: 1 },
        { le: Infinity, count: 10 },
      ]),
    ).toBe(1);
    expect(
      histogramQuantile(0.75, [
        { le: 1, count: 0 },
        { le: Infinity, count: 0 },
      ]),
    ).toBeNull();
  });
});
