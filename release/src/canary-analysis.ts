import { METRICS } from '@loyalty/shared/telemetry';
import type { Analysis, CheckConfig, QuantileCheckConfig, RateCheckConfig } from './analysis-config';
import { CANARY_ADDRESS_WINDOW_MS, canaryAddressCapOf, canaryEventKindOf } from '../../telemetry/src/reporter-ledger';
import {
  histogramQuantile,
  selectorKey,
  totalOf,
  type Bucket,
  type ReleaseFigures,
  type SeriesReads,
  type SeriesSelector,
} from './release-figures';
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

/** The unit a check's figures are in: a rate's is a share (shown in %); a quantile's its own. */
export type FigureUnit = 'share' | 'ms' | 's' | 'unitless';

/** One check's figures and verdict, as the audit log, `release health` and the release page show them. */
export interface CheckResult {
  /** The check's name in the analysis file (`errorRate`). */
  check: string;
  /** How people read it, and what its figures are: recorded so that a reading explains itself. */
  title: string;
  kind: 'rate' | 'quantile';
  unit: FigureUnit;
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
   * At the reading's confidence: for a rate, the canary's rate minus stable's; for a quantile, the
   * share of the canary's measurements above the limit (1 − the quantile is the most a passing one has).
   */
  interval: Interval | null;
}

/**
 * A result as older CLIs recorded it (before decision 065 its checks were four fixed ones, and a
 * result named neither its title nor its unit): what the audit log and the readings still hold.
 */
export type RecordedCheckResult = Omit<CheckResult, 'title' | 'kind' | 'unit'> & Partial<CheckResult>;

const LEGACY_CHECKS: Record<string, Pick<CheckResult, 'title' | 'kind' | 'unit'>> = {
  errorRate: { title: 'error rate', kind: 'rate', unit: 'share' },
  failureRate: { title: 'failure rate', kind: 'rate', unit: 'share' },
  lcpP75: { title: 'p75 LCP', kind: 'quantile', unit: 'ms' },
  inpP75: { title: 'p75 INP', kind: 'quantile', unit: 'ms' },
};

/** A recorded result whole: its own title, kind and unit, or, recorded by an older CLI, its check's. */
export function describedResult(result: RecordedCheckResult): CheckResult {
  const legacy = LEGACY_CHECKS[result.check] ?? { title: result.check, kind: 'quantile', unit: 'ms' };
  return { ...legacy, ...result } as CheckResult;
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
   * no verdict rests on one client's reports; a rate's events from `minReporters` addresses or
   * more are weighed whole.
   */
  gatheredMs?: number;
}

/**
 * The readings a walk plans: every step read each `checkEvery` through its interval and the wait
 * past it (`holdAfter`). Each is a look at the same question, tested at the walk's confidence
 * divided among them all.
 */
export const plannedLooks = (
  steps: readonly number[],
  intervalMs: number,
  analysis: Pick<Analysis, 'holdAfterMs' | 'checkEveryMs'>,
) => steps.length * Math.ceil((intervalMs + analysis.holdAfterMs) / analysis.checkEveryMs);

/** The most one address may have added to a canary's count of `selector` over `gatheredMs`. */
function oneAddressWorth(selector: SeriesSelector, gatheredMs: number | undefined): number {
  if (gatheredMs === undefined) return 0;
  // The analysis file's checks are held to series the receiver caps (analysis-config.ts).
  const cap = canaryAddressCapOf(selector.series, selector.labels) ?? Infinity;
  return cap * Math.max(1, Math.ceil(gatheredMs / CANARY_ADDRESS_WINDOW_MS));
}

/**
 * Whether a rate check's events came from at least `minReporters` distinct addresses: a forger
 * is then one of many, and its capped share cannot make the evidence alone, so none is discounted.
 */
function spreadEnough(check: RateCheckConfig, canary: ReleaseFigures | undefined, options: JudgeOptions): boolean {
  const kind = canaryEventKindOf(check.events.series, check.events.labels);
  if (kind === undefined || options.minReporters === undefined) return false;
  return (canary?.eventAddresses?.[kind] ?? 0) >= options.minReporters;
}

const quantileSelector = (check: QuantileCheckConfig): SeriesSelector => ({
  series: check.series,
  labels: check.labels,
});

/** Page loads and route changes: what `release health` counts each release's traffic by. */
export const PAGE_LOADS: SeriesSelector = { series: METRICS.pageLoads, labels: {} };
export const loadsOf = (figures: ReleaseFigures) => figures.counts[selectorKey(PAGE_LOADS)] ?? 0;

/** The series the checks read, each once; page loads always, for `release health`'s table. */
export function seriesReadsOf(checks: readonly CheckConfig[]): SeriesReads {
  const unique = (selectors: SeriesSelector[]) => [
    ...new Map(selectors.map((selector) => [selectorKey(selector), selector])).values(),
  ];
  return {
    counters: unique([
      PAGE_LOADS,
      ...checks.flatMap((check) => (check.kind === 'rate' ? [check.events, check.trials] : [])),
    ]),
    histograms: unique(checks.flatMap((check) => (check.kind === 'quantile' ? [quantileSelector(check)] : []))),
  };
}

/** The multiplier from a histogram's unit (seconds, or none) to the check's. */
const scaleOf = (check: QuantileCheckConfig) => (check.unit === 'ms' ? 1000 : 1);

/** A rate check's counts: events (at most the trials: errors beyond the loads counted count as all). */
function rateCounts(check: RateCheckConfig, figures: ReleaseFigures | undefined) {
  const trials = figures?.counts[selectorKey(check.trials)] ?? 0;
  const events = Math.min(figures?.counts[selectorKey(check.events)] ?? 0, trials);
  return { events, trials };
}

/** A quantile check's histogram, its bounds in the check's unit. */
function quantileBuckets(check: QuantileCheckConfig, figures: ReleaseFigures | undefined): Bucket[] {
  const scale = scaleOf(check);
  return (figures?.histograms[selectorKey(quantileSelector(check))] ?? []).map(({ le, count }) => ({
    le: le * scale,
    count,
  }));
}

/**
 * What a check shows of one release: its rate or its quantile (in the check's unit), and the
 * sample it rests on. The one place a figure is made of the counts: `release health`'s table, the
 * walk's readings and the statistics all read it here.
 */
export function figureOf(
  check: CheckConfig,
  figures: ReleaseFigures | undefined,
): { value: number | null; sample: number } {
  if (check.kind === 'rate') {
    const { trials } = rateCounts(check, figures);
    const events = figures?.counts[selectorKey(check.events)] ?? 0;
    return { value: trials > 0 ? events / trials : null, sample: trials };
  }
  const buckets = quantileBuckets(check, figures);
  return { value: histogramQuantile(check.quantile, buckets), sample: totalOf(buckets) };
}

/** A check's confidence, and the p-value each reading of the walk acts below. */
function levelOf(config: { confidence?: number }, options: JudgeOptions) {
  const confidence = config.confidence ?? options.confidence;
  return { confidence, alpha: (1 - confidence) / Math.max(1, options.looks ?? 1) };
}

const described = (check: CheckConfig): Pick<CheckResult, 'check' | 'title' | 'kind' | 'unit'> => ({
  check: check.name,
  title: check.title,
  kind: check.kind,
  unit: check.kind === 'rate' ? 'share' : check.unit,
});

function judgeRate(
  check: RateCheckConfig,
  canary: ReleaseFigures | undefined,
  stable: ReleaseFigures | undefined,
  options: JudgeOptions,
): CheckResult {
  const { confidence, alpha } = levelOf(check, options);
  const z = zFor(confidence, options.looks);
  const c = rateCounts(check, canary);
  const s = rateCounts(check, stable);
  const canaryValue = figureOf(check, canary).value;
  const stableValue = figureOf(check, stable).value;

  // The evidence, without what one address may have added, unless it came from enough addresses
  // that no one of them decides it.
  const worth = spreadEnough(check, canary, options) ? 0 : oneAddressWorth(check.events, options.gatheredMs);
  const e = { events: Math.max(0, c.events - worth), trials: c.trials };
  const comparable = c.trials > 0 && s.trials > 0;
  const pStable = comparable ? fisherGreater(e, s) : 1;
  const materially = canaryValue !== null && stableValue !== null && canaryValue - stableValue > check.maxIncrease;
  const pCeiling =
    check.ceiling !== undefined && c.trials > 0 ? binomialUpperTail(e.events, e.trials, check.ceiling) : 1;
  const failedOn = pCeiling < alpha ? 'ceiling' : materially && pStable < alpha ? 'stable' : undefined;
  const enough = c.trials >= check.minSample && s.trials >= check.minSample;
  return {
    ...described(check),
    verdict: failedOn ? 'fail' : enough ? 'pass' : 'insufficient',
    ...(failedOn ? { reason: failedOn } : {}),
    canary: canaryValue,
    stable: stableValue,
    limit:
      stableValue === null ? (check.ceiling ?? null) : Math.min(stableValue + check.maxIncrease, check.ceiling ?? 1),
    sample: { canary: c.trials, stable: s.trials, minimum: check.minSample },
    confidence,
    alpha,
    pValue: Math.min(pStable, pCeiling),
    interval: comparable ? (({ low, high }) => ({ low, high }))(rateDifference(c, s, z)) : null,
  };
}

function judgeQuantile(
  check: QuantileCheckConfig,
  canary: ReleaseFigures | undefined,
  stable: ReleaseFigures | undefined,
  options: JudgeOptions,
): CheckResult {
  const { confidence, alpha } = levelOf(check, options);
  const canaryFigure = figureOf(check, canary);
  const stableFigure = figureOf(check, stable);
  const canaryBuckets = quantileBuckets(check, canary);
  const stableEnough = stableFigure.sample >= check.minSample;
  // Stable's quantile sets the limit only on stable's minimum sample: fewer measurements move it too much.
  const fromStable =
    stableEnough && stableFigure.value !== null ? stableFigure.value * check.maxRatio + check.slack : null;
  const limits = [fromStable, check.ceiling ?? null].filter((limit): limit is number => limit !== null);
  const limit = limits.length > 0 ? Math.min(...limits) : null;
  /** A passing quantile has at most this share of measurements above it. */
  const allowedAbove = 1 - check.quantile;

  const tested = (bound: number | null) => {
    if (bound === null || canaryFigure.sample === 0) return { p: 1, above: 0, total: canaryFigure.sample };
    const { above, total } = surelyAbove(canaryBuckets, bound);
    const evidence = Math.max(0, above - oneAddressWorth(quantileSelector(check), options.gatheredMs));
    return { p: binomialUpperTail(evidence, total, allowedAbove), above, total };
  };
  const againstStable = tested(fromStable);
  const againstCeiling = tested(check.ceiling ?? null);
  const failedOn = againstCeiling.p < alpha ? 'ceiling' : againstStable.p < alpha ? 'stable' : undefined;
  const enough = canaryFigure.sample >= check.minSample && stableEnough;
  const shown = failedOn === 'ceiling' ? againstCeiling : againstStable;
  return {
    ...described(check),
    verdict: failedOn ? 'fail' : enough ? 'pass' : 'insufficient',
    ...(failedOn ? { reason: failedOn } : {}),
    canary: canaryFigure.value,
    stable: stableFigure.value,
    limit,
    sample: { canary: canaryFigure.sample, stable: stableFigure.sample, minimum: check.minSample },
    confidence,
    alpha,
    pValue: Math.min(againstStable.p, againstCeiling.p),
    interval:
      limit === null || shown.total === 0 ? null : wilson(shown.above, shown.total, zFor(confidence, options.looks)),
  };
}

/**
 * Compares the canary's figures with stable's, check by check (decision 058), each as its record
 * in the analysis file says (decision 065). A check fails on evidence, whatever the sample: its
 * test's p-value below (1 − confidence) / the walk's readings, against stable or against its
 * absolute ceiling. Without such evidence it passes once both sides have its minimum sample, and
 * is `insufficient` before. Any failure fails the whole; otherwise any shortfall makes it
 * `insufficient`; otherwise it passes.
 */
export function judgeCanary(
  checks: readonly CheckConfig[],
  canary: ReleaseFigures | undefined,
  stable: ReleaseFigures | undefined,
  options: JudgeOptions,
): Judgement {
  const results = checks.map((check) =>
    check.kind === 'rate' ? judgeRate(check, canary, stable, options) : judgeQuantile(check, canary, stable, options),
  );
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

/**
 * A figure in its unit, as every table and chart prints it: a share in per cent, milliseconds and
 * seconds with theirs, a unitless score (CLS) as a plain number ("0.12").
 */
export function formatFigure(unit: FigureUnit, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  switch (unit) {
    case 'share':
      return `${(value * 100).toFixed(1)} %`;
    case 'ms':
      return `${Math.round(value)} ms`;
    case 's':
      return `${value.toFixed(2)} s`;
    case 'unitless':
      return String(+value.toFixed(3));
  }
}

const pValue = (value: number) => (value < 0.0001 ? value.toExponential(1) : value.toFixed(4));

/** One line per check: what the canary showed against its limit, on what sample, with what evidence. */
export function describeCheck(recorded: RecordedCheckResult): string {
  const result = describedResult(recorded);
  const show = (value: number | null) => formatFigure(result.unit, value);
  const evidence =
    result.pValue === undefined ? '' : `  p ${pValue(result.pValue)} (acts below ${pValue(result.alpha)})`;
  return `${result.title.padEnd(12)} canary ${show(result.canary).padStart(8)}  stable ${show(result.stable).padStart(8)}  limit ${show(result.limit).padStart(8)}  sample ${result.sample.canary}/${result.sample.stable} (min ${result.sample.minimum})${evidence}  ${result.verdict}${result.reason === 'ceiling' ? ' (ceiling)' : ''}`;
}
