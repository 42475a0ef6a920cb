import type { AnalysisChecks } from './analysis-config';
import { errorRate, failureRate, type ReleaseFigures } from './release-figures';

export type Verdict = 'pass' | 'fail' | 'insufficient';

/** One check's figures and verdict, as the audit log and `release health` show them. */
export interface CheckResult {
  check: keyof AnalysisChecks;
  verdict: Verdict;
  canary: number | null;
  stable: number | null;
  /** The most the canary may show and pass. */
  limit: number | null;
  sample: { canary: number; stable: number; minimum: number };
  /** Stable's figure comes from an earlier step (it had too little traffic in this one). */
  stableFromEarlierStep?: boolean;
}

export interface Judgement {
  verdict: Verdict;
  checks: CheckResult[];
}

interface Measure {
  value: (figures: ReleaseFigures) => number | null;
  sample: (figures: ReleaseFigures) => number;
}

const MEASURES: Record<keyof AnalysisChecks, Measure> = {
  errorRate: { value: errorRate, sample: (figures) => figures.loads },
  failureRate: { value: failureRate, sample: (figures) => figures.remoteLoads },
  lcpP75: { value: (figures) => figures.vitals.LCP.p75, sample: (figures) => figures.vitals.LCP.count },
  inpP75: { value: (figures) => figures.vitals.INP.p75, sample: (figures) => figures.vitals.INP.count },
};

/**
 * Compares the canary's figures with stable's, check by check. A check without its minimum sample
 * on either side is `insufficient`; with it, the canary fails when its figure is past the limit
 * stable's figure sets. Any failure fails the whole; otherwise any shortfall of data makes it
 * `insufficient`; otherwise it passes. Where stable had too little traffic in this window (a step
 * at 100 %), its figures from `earlierStable` (the last step that had them) stand in.
 */
export function judgeCanary(
  checks: AnalysisChecks,
  canary: ReleaseFigures | undefined,
  stable: ReleaseFigures | undefined,
  earlierStable?: ReleaseFigures,
): Judgement {
  const results = (Object.keys(MEASURES) as Array<keyof AnalysisChecks>).map((name): CheckResult => {
    const measure = MEASURES[name];
    const config = checks[name];
    const canarySample = canary ? measure.sample(canary) : 0;
    let stableFigures = stable;
    let stableFromEarlierStep = false;
    if ((!stable || measure.sample(stable) < config.minSample) && earlierStable) {
      stableFigures = earlierStable;
      stableFromEarlierStep = true;
    }
    const stableSample = stableFigures ? measure.sample(stableFigures) : 0;
    const canaryValue = canary ? measure.value(canary) : null;
    const stableValue = stableFigures ? measure.value(stableFigures) : null;
    const limit =
      stableValue === null
        ? null
        : 'maxIncrease' in config
          ? stableValue + config.maxIncrease
          : stableValue * config.maxRatio + config.slackMs;
    const enough = canarySample >= config.minSample && stableSample >= config.minSample;
    const verdict: Verdict =
      !enough || canaryValue === null || limit === null ? 'insufficient' : canaryValue > limit ? 'fail' : 'pass';
    return {
      check: name,
      verdict,
      canary: canaryValue,
      stable: stableValue,
      limit,
      sample: { canary: canarySample, stable: stableSample, minimum: config.minSample },
      ...(stableFromEarlierStep ? { stableFromEarlierStep } : {}),
    };
  });
  const verdict: Verdict = results.some((result) => result.verdict === 'fail')
    ? 'fail'
    : results.some((result) => result.verdict === 'insufficient')
      ? 'insufficient'
      : 'pass';
  return { verdict, checks: results };
}

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);
const milliseconds = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);

/** One line per check: what the canary showed against its limit, on what sample. */
export function describeCheck(result: CheckResult): string {
  const show = result.check === 'errorRate' || result.check === 'failureRate' ? percent : milliseconds;
  const names = { errorRate: 'error rate', failureRate: 'failure rate', lcpP75: 'p75 LCP', inpP75: 'p75 INP' };
  return `${names[result.check].padEnd(12)} canary ${show(result.canary).padStart(8)}  stable ${show(result.stable).padStart(8)}${result.stableFromEarlierStep ? '*' : ' '}  limit ${show(result.limit).padStart(8)}  sample ${result.sample.canary}/${result.sample.stable} (min ${result.sample.minimum})  ${result.verdict}`;
}
