import type { AnalysisChecks, LatencyCheckConfig, RateCheckConfig } from './analysis-config';
import { CANARY_ADDRESS_CAPS, CANARY_ADDRESS_WINDOW_MS } from '../../telemetry/src/reporter-ledger';
import { errorRate, failureRate, type ReleaseFigures } from './release-figures';
import {
  binomialUpperTail,
  fisherGreater,
  rateDifference,
  surelyAbove,
  wilson,
  zFor,
  type Interval,
} from './statistics';

export type Verdict = 'pass' | 'fail' | 'insufficient';

/** One check's figures and verdict, as the audit log, `release health` and the release page show them. */
export interface CheckResult {
  check: keyof AnalysisChecks;
  verdict: Verdict;
  /** What decided a failure: the comparison with stable, or the absolute ceiling. */
  reason?: 'stable' | 'ceiling';
  canary: number | null;
  stable: number | null;
  /** The most the canary may show and pass. */
  limit: number | null;
  sample: { canary: number; stable: number; minimum: number };
  /** The confidence of the whole walk, and the p-value each reading needs to act at it. */
  confidence: number;
  alpha: number;
  /** The smallest p-value of the reading's tests: below `alpha`, the check fails. */
  pValue: number;
  /**
   * At the reading's confidence: for a rate, the canary's rate minus stable's; for a latency, the
   * share of the canary's measurements above the limit (a quarter is the most a passing p75 has).
   */
  interval: Interval | null;
}

export interface Judgement {
  verdict: Verdict;
  checks: CheckResult[];
  /** Distinct addresses the canary's figures came from, and the fewest a verdict is acted on with. */
  reporters?: { canary: number; minimum: number };
}

export interface JudgeOptions {
  /** The confidence of checks that set none of their own. */
  confidence: number;
  /** The readings the walk plans: each is tested at (1 − confidence) / looks. */
  looks?: number;
  /** Below this many distinct addresses behind the canary's figures, every verdict waits. */
  minReporters?: number;
  /**
   * How long the canary's figures were gathered over: evidence is weighed without the most one
   * address may have added in that time (the receiver's caps, telemetry/src/reporter-ledger.ts), so
   * no verdict rests on one client's reports.
   */
  gatheredMs?: number;
}

/** The most one address may have added to a canary's count of `kind` over `gatheredMs`. */
function oneAddressWorth(kind: 'errors' | 'failures' | 'vitals', gatheredMs: number | undefined): number {
  if (gatheredMs === undefined) return 0;
  return CANARY_ADDRESS_CAPS[kind] * Math.max(1, Math.ceil(gatheredMs / CANARY_ADDRESS_WINDOW_MS));
}

type RateName = 'errorRate' | 'failureRate';
type LatencyName = 'lcpP75' | 'inpP75';

const RATES: Record<
  RateName,
  {
    value: (figures: ReleaseFigures) => number | null;
    counts: (figures: ReleaseFigures) => { events: number; trials: number };
  }
> = {
  errorRate: { value: errorRate, counts: (figures) => ({ events: figures.errors, trials: figures.loads }) },
  failureRate: {
    value: failureRate,
    counts: (figures) => ({ events: figures.remoteLoadFailures, trials: figures.remoteLoads }),
  },
};
const LATENCIES: Record<LatencyName, 'LCP' | 'INP'> = { lcpP75: 'LCP', inpP75: 'INP' };
/** A passing p75 has at most this share of measurements above it. */
const ABOVE_P75 = 0.25;

/** A check's confidence, and the p-value each reading of the walk acts below. */
function levelOf(config: { confidence?: number }, options: JudgeOptions) {
  const confidence = config.confidence ?? options.confidence;
  return { confidence, alpha: (1 - confidence) / Math.max(1, options.looks ?? 1) };
}

function judgeRate(
  name: RateName,
  config: RateCheckConfig,
  canary: ReleaseFigures | undefined,
  stable: ReleaseFigures | undefined,
  options: JudgeOptions,
): CheckResult {
  const { confidence, alpha } = levelOf(config, options);
  const z = zFor(confidence, options.looks);
  const measure = RATES[name];
  const c = canary ? measure.counts(canary) : { events: 0, trials: 0 };
  // More events than trials (errors outside any page load the receiver counted) count as all.
  c.events = Math.min(c.events, c.trials);
  const s = stable ? measure.counts(stable) : { events: 0, trials: 0 };
  s.events = Math.min(s.events, s.trials);
  const canaryValue = canary ? measure.value(canary) : null;
  const stableValue = stable ? measure.value(stable) : null;

  // The evidence, without what one address may have added.
  const worth = oneAddressWorth(name === 'errorRate' ? 'errors' : 'failures', options.gatheredMs);
  const e = { events: Math.max(0, c.events - worth), trials: c.trials };
  const comparable = c.trials > 0 && s.trials > 0;
  const pStable = comparable ? fisherGreater(e, s) : 1;
  const materially = canaryValue !== null && stableValue !== null && canaryValue - stableValue > config.maxIncrease;
  const pCeiling =
    config.ceiling !== undefined && c.trials > 0 ? binomialUpperTail(e.events, e.trials, config.ceiling) : 1;
  const failedOn = pCeiling < alpha ? 'ceiling' : materially && pStable < alpha ? 'stable' : undefined;
  const enough = c.trials >= config.minSample && s.trials >= config.minSample;
  return {
    check: name,
    verdict: failedOn ? 'fail' : enough ? 'pass' : 'insufficient',
    ...(failedOn ? { reason: failedOn } : {}),
    canary: canaryValue,
    stable: stableValue,
    limit:
      stableValue === null ? (config.ceiling ?? null) : Math.min(stableValue + config.maxIncrease, config.ceiling ?? 1),
    sample: { canary: c.trials, stable: s.trials, minimum: config.minSample },
    confidence,
    alpha,
    pValue: Math.min(pStable, pCeiling),
    interval: comparable ? (({ low, high }) => ({ low, high }))(rateDifference(c, s, z)) : null,
  };
}

function judgeLatency(
  name: LatencyName,
  config: LatencyCheckConfig,
  canary: ReleaseFigures | undefined,
  stable: ReleaseFigures | undefined,
  options: JudgeOptions,
): CheckResult {
  const { confidence, alpha } = levelOf(config, options);
  const vital = LATENCIES[name];
  const canaryVital = canary?.vitals[vital];
  const stableVital = stable?.vitals[vital];
  const canaryValue = canaryVital?.p75 ?? null;
  const stableValue = stableVital?.p75 ?? null;
  const stableEnough = (stableVital?.count ?? 0) >= config.minSample;
  // Stable's p75 sets the limit only on stable's minimum sample: fewer measurements move it too much.
  const fromStable = stableEnough && stableValue !== null ? stableValue * config.maxRatio + config.slackMs : null;
  const limits = [fromStable, config.ceilingMs ?? null].filter((limit): limit is number => limit !== null);
  const limit = limits.length > 0 ? Math.min(...limits) : null;

  const tested = (bound: number | null) => {
    if (bound === null || !canaryVital) return { p: 1, above: 0, total: canaryVital?.count ?? 0 };
    const { above, total } = surelyAbove(canaryVital.buckets, bound);
    const evidence = Math.max(0, above - oneAddressWorth('vitals', options.gatheredMs));
    return { p: binomialUpperTail(evidence, total, ABOVE_P75), above, total };
  };
  const againstStable = tested(fromStable);
  const againstCeiling = tested(config.ceilingMs ?? null);
  const failedOn = againstCeiling.p < alpha ? 'ceiling' : againstStable.p < alpha ? 'stable' : undefined;
  const canarySample = canaryVital?.count ?? 0;
  const enough = canarySample >= config.minSample && stableEnough;
  const shown = failedOn === 'ceiling' ? againstCeiling : againstStable;
  return {
    check: name,
    verdict: failedOn ? 'fail' : enough ? 'pass' : 'insufficient',
    ...(failedOn ? { reason: failedOn } : {}),
    canary: canaryValue,
    stable: stableValue,
    limit,
    sample: { canary: canarySample, stable: stableVital?.count ?? 0, minimum: config.minSample },
    confidence,
    alpha,
    pValue: Math.min(againstStable.p, againstCeiling.p),
    interval:
      limit === null || shown.total === 0 ? null : wilson(shown.above, shown.total, zFor(confidence, options.looks)),
  };
}

/**
 * Compares the canary's figures with stable's, check by check (decision 058). A check fails on
 * evidence, whatever the sample: its test's p-value below (1 − confidence) / the walk's readings,
 * against stable or against its absolute ceiling. Without such evidence it passes once both
 * sides have its minimum sample, and is `insufficient` before. Any failure fails the whole;
 * otherwise any shortfall makes it `insufficient`; otherwise it passes.
 */
export function judgeCanary(
  checks: AnalysisChecks,
  canary: ReleaseFigures | undefined,
  stable: ReleaseFigures | undefined,
  options: JudgeOptions,
): Judgement {
  const results = [
    judgeRate('errorRate', checks.errorRate, canary, stable, options),
    judgeRate('failureRate', checks.failureRate, canary, stable, options),
    judgeLatency('lcpP75', checks.lcpP75, canary, stable, options),
    judgeLatency('inpP75', checks.inpP75, canary, stable, options),
  ];
  const judged: Verdict = results.some((result) => result.verdict === 'fail')
    ? 'fail'
    : results.some((result) => result.verdict === 'insufficient')
      ? 'insufficient'
      : 'pass';
  if (options.minReporters === undefined) return { verdict: judged, checks: results };
  const reporters = { canary: canary?.reporters ?? 0, minimum: options.minReporters };
  // Figures from a few clients decide nothing, however strong they look: a forger's are such.
  return { verdict: reporters.canary >= reporters.minimum ? judged : 'insufficient', checks: results, reporters };
}

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);
const milliseconds = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);
const pValue = (value: number) => (value < 0.0001 ? value.toExponential(1) : value.toFixed(4));

/** One line per check: what the canary showed against its limit, on what sample, with what evidence. */
export function describeCheck(result: CheckResult): string {
  const show = result.check === 'errorRate' || result.check === 'failureRate' ? percent : milliseconds;
  const names = { errorRate: 'error rate', failureRate: 'failure rate', lcpP75: 'p75 LCP', inpP75: 'p75 INP' };
  const evidence =
    result.pValue === undefined ? '' : `  p ${pValue(result.pValue)} (acts below ${pValue(result.alpha)})`;
  return `${names[result.check].padEnd(12)} canary ${show(result.canary).padStart(8)}  stable ${show(result.stable).padStart(8)}  limit ${show(result.limit).padStart(8)}  sample ${result.sample.canary}/${result.sample.stable} (min ${result.sample.minimum})${evidence}  ${result.verdict}${result.reason === 'ceiling' ? ' (ceiling)' : ''}`;
}
