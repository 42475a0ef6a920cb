import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ms from 'ms';
import * as v from 'valibot';
import { METRICS, RELEASE_LABELS, VITAL_HISTOGRAMS, histogramUnit } from '@loyalty/shared/telemetry';
import { canaryAddressCapOf } from '../../telemetry/src/reporter-ledger';
import { UsageError } from './deploy-layout';

/** The units a quantile check may be given in. */
export const QUANTILE_UNITS = ['ms', 's', 'unitless'] as const;

/** The contract's counters and histograms: a check reads nothing else. */
const COUNTERS: readonly string[] = Object.values(METRICS).filter((name) => name.endsWith('_total'));
const HISTOGRAMS: readonly string[] = [
  ...Object.values(VITAL_HISTOGRAMS).map((histogram) => histogram.series),
  METRICS.remoteLoadDuration,
];

/** The analysis file shipped beside the CLI; `--analysis <file>` names another. */
export const DEFAULT_ANALYSIS_FILE = path.resolve(__dirname, '..', 'analysis.json');

/** A duration as people write it (`90s`, `10m`, `1h`), in milliseconds. */
export function parseDuration(text: string, what: string): number {
  const value = ms(text as ms.StringValue);
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new UsageError(`${what} must be a duration such as 30s, 10m or 1h, not "${text}".`);
  }
  return value;
}

const Duration = v.pipe(v.string(), v.minLength(2));
const Share = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const Sample = v.pipe(v.number(), v.integer(), v.minValue(0));
const Confidence = v.pipe(v.number(), v.minValue(0.5), v.maxValue(0.999999));

/** The labels the interpreter sets itself: a check narrows a series by any other. */
const RELEASE_LABEL_NAMES: readonly string[] = RELEASE_LABELS;
const Labels = v.pipe(
  v.record(v.pipe(v.string(), v.regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'is not a label name')), v.string()),
  v.check(
    (labels) => Object.keys(labels).every((name) => !RELEASE_LABEL_NAMES.includes(name) && name !== 'le'),
    `may not name ${[...RELEASE_LABEL_NAMES, 'le'].join(', ')}: the release and the bucket are the reading's`,
  ),
);
/** One series of the telemetry contract, narrowed by labels: what a check reads. */
const Selector = v.strictObject({ series: v.string(), labels: v.optional(Labels, {}) });

const common = {
  /** How the check is named in the audit log, `--json` and the release page (`errorRate`). */
  name: v.pipe(v.string(), v.regex(/^[a-zA-Z][a-zA-Z0-9]{0,31}$/, 'is not a check name (letters and digits)')),
  /** How people read it in tables and charts (`p75 LCP`); the name without one. */
  title: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(24))),
  /** The sample each side needs before the check can pass. */
  minSample: Sample,
  /** The check's own confidence over the walk, instead of the file's. */
  confidence: v.optional(Confidence),
};

/**
 * A rate: the canary's `events` per `trials` (errors per page load). It fails when above stable's
 * by more than `maxIncrease` (0.01: one percentage point) and Fisher's exact test says so at the
 * confidence, or when above `ceiling` at the confidence whatever stable does (an exact binomial
 * test). It passes on `minSample` trials a side without either.
 */
const RateCheck = v.strictObject({
  ...common,
  kind: v.literal('rate'),
  events: Selector,
  trials: Selector,
  maxIncrease: Share,
  ceiling: v.optional(Share),
});
/**
 * A quantile of a histogram (the 75th percentile of LCP), in `unit`: `ms` or `s` for a series in
 * seconds, `unitless` for one without a unit (CLS). Its limit is stable's quantile × `maxRatio` +
 * `slack` (and `ceiling` whatever stable does), both in `unit`; it fails when more than 1 −
 * `quantile` of the canary's measurements lie above the limit, at the confidence (an exact
 * binomial test on the histogram's counts).
 */
const QuantileCheck = v.strictObject({
  ...common,
  kind: v.literal('quantile'),
  series: v.string(),
  labels: v.optional(Labels, {}),
  quantile: v.pipe(v.number(), v.minValue(0.5), v.maxValue(0.99)),
  unit: v.picklist(QUANTILE_UNITS),
  maxRatio: v.pipe(v.number(), v.minValue(1)),
  slack: v.pipe(v.number(), v.minValue(0)),
  ceiling: v.optional(v.pipe(v.number(), v.minValue(0))),
});
const CheckSchema = v.variant('kind', [RateCheck, QuantileCheck]);

type ParsedCheck = v.InferOutput<typeof CheckSchema>;
export type RateCheckConfig = Extract<ParsedCheck, { kind: 'rate' }> & { title: string };
export type QuantileCheckConfig = Extract<ParsedCheck, { kind: 'quantile' }> & { title: string };
/** One check of the analysis, as the interpreter (canary-analysis.ts) reads it. */
export type CheckConfig = RateCheckConfig | QuantileCheckConfig;

const AnalysisFileSchema = v.strictObject({
  $comment: v.optional(v.string()),
  /** What `release health` looks back over, unless `--window` says otherwise. */
  window: Duration,
  /** How often a canary step reads the figures (a failure is acted on at the next reading). */
  checkEvery: Duration,
  /** How long past a step's interval the walk waits for enough data before it holds. */
  holdAfter: Duration,
  /** How often Prometheus scrapes the receivers: a window reaches back one scrape before its mark. */
  scrapeInterval: v.optional(Duration),
  /**
   * The confidence of every check (unless it sets its own), over the whole walk: each reading is
   * tested at (1 − confidence) / the walk's planned readings, so the chance that any reading
   * rolls back a canary as good as stable stays within 1 − confidence.
   */
  confidence: Confidence,
  /**
   * Distinct addresses the canary's figures must come from before any verdict is acted on: a
   * verdict that rests on a few clients (one forger, one office) waits (decision 060).
   */
  minReporters: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** Clients the receivers refused for their rate, as a share of those reporting, past which nothing passes. */
  maxRefusedShare: v.optional(Share),
  /** What a walk does when the figures cannot be read `retries` readings running. */
  onMetricsUnavailable: v.optional(
    v.strictObject({ retries: v.pipe(v.number(), v.integer(), v.minValue(0)), then: v.picklist(['rollback', 'hold']) }),
  ),
  /** Prometheus' address; without it (and without `--prometheus`), the receivers' /metrics. */
  prometheus: v.optional(v.pipe(v.string(), v.url())),
  /** The checks, in the order they are shown: each a record the interpreter reads (decision 065). */
  checks: v.pipe(
    v.array(CheckSchema, 'must be a list of check records (decision 065)'),
    v.minLength(1),
    v.check((checks) => new Set(checks.map((check) => check.name)).size === checks.length, 'must name each check once'),
  ),
});

export interface Analysis {
  windowMs: number;
  checkEveryMs: number;
  holdAfterMs: number;
  scrapeIntervalMs: number;
  confidence: number;
  minReporters: number;
  maxRefusedShare: number;
  onMetricsUnavailable: { retries: number; then: 'rollback' | 'hold' };
  prometheus?: string;
  checks: CheckConfig[];
}

/** Defaults of the optional settings. */
export const ANALYSIS_DEFAULTS = {
  scrapeInterval: '15s',
  maxRefusedShare: 0.05,
  minReporters: 5,
  onMetricsUnavailable: { retries: 3, then: 'hold' },
} as const;

export async function loadAnalysis(file = DEFAULT_ANALYSIS_FILE): Promise<Analysis> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`The analysis file ${file} cannot be read: ${(error as Error).message}`);
  }
  return parseAnalysis(raw, file);
}

/** An analysis file's content, checked and read: its durations in milliseconds, its checks whole. */
export function parseAnalysis(raw: unknown, file: string): Analysis {
  const parsed = v.safeParse(AnalysisFileSchema, raw);
  if (!parsed.success) throw new UsageError(`The analysis file ${file} is not valid: ${v.summarize(parsed.issues)}`);
  const { window, checkEvery, holdAfter, prometheus, confidence } = parsed.output;
  const problems = parsed.output.checks.flatMap(checkProblems);
  if (problems.length > 0) throw new UsageError(`The analysis file ${file} is not valid: ${problems.join('; ')}`);
  const checks = parsed.output.checks.map((check) => ({ ...check, title: check.title ?? check.name }));
  return {
    windowMs: parseDuration(window, 'window'),
    checkEveryMs: parseDuration(checkEvery, 'checkEvery'),
    holdAfterMs: parseDuration(holdAfter, 'holdAfter'),
    scrapeIntervalMs: parseDuration(parsed.output.scrapeInterval ?? ANALYSIS_DEFAULTS.scrapeInterval, 'scrapeInterval'),
    confidence,
    minReporters: parsed.output.minReporters ?? ANALYSIS_DEFAULTS.minReporters,
    maxRefusedShare: parsed.output.maxRefusedShare ?? ANALYSIS_DEFAULTS.maxRefusedShare,
    onMetricsUnavailable: parsed.output.onMetricsUnavailable ?? { ...ANALYSIS_DEFAULTS.onMetricsUnavailable },
    ...(prometheus ? { prometheus } : {}),
    checks,
  };
}

/**
 * What the schema cannot say of a check: that it reads series the telemetry contract has, in a
 * unit its series can be given in, and that the receiver bounds what one address adds to what it
 * weighs (decision 060), so no one client can decide it.
 */
function checkProblems(check: v.InferOutput<typeof CheckSchema>): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`check ${check.name}: ${text}`);
  if (check.kind === 'rate') {
    for (const [role, selector] of [
      ['events', check.events],
      ['trials', check.trials],
    ] as const) {
      if (!COUNTERS.includes(selector.series)) {
        say(`${role} reads ${selector.series}, not a counter of the telemetry contract (${COUNTERS.join(', ')})`);
      }
    }
    if (
      COUNTERS.includes(check.events.series) &&
      canaryAddressCapOf(check.events.series, check.events.labels) === undefined
    ) {
      say(`the receiver does not bound what one address adds to ${check.events.series}: one client could decide it`);
    }
    return problems;
  }
  if (!HISTOGRAMS.includes(check.series)) {
    say(`reads ${check.series}, not a histogram of the telemetry contract (${HISTOGRAMS.join(', ')})`);
    return problems;
  }
  const seriesUnit = histogramUnit(check.series);
  if ((seriesUnit === 'seconds') !== (check.unit !== 'unitless')) {
    say(`${check.series} is ${seriesUnit}: give the check in ${seriesUnit === 'seconds' ? 'ms or s' : 'unitless'}`);
  }
  if (canaryAddressCapOf(check.series, check.labels) === undefined) {
    say(`the receiver does not bound what one address adds to ${check.series}: one client could decide it`);
  }
  return problems;
}

/**
 * The four checks as analysis files held them before decision 065, by name, with their thresholds
 * (`slackMs`, `ceilingMs` in milliseconds): what a walk begun by an older CLI keeps in its state.
 */
const LEGACY_CHECKS: Record<string, Record<string, unknown>> = {
  errorRate: {
    name: 'errorRate',
    title: 'error rate',
    kind: 'rate',
    events: { series: METRICS.errors, labels: {} },
    trials: { series: METRICS.pageLoads, labels: {} },
  },
  failureRate: {
    name: 'failureRate',
    title: 'failure rate',
    kind: 'rate',
    events: { series: METRICS.remoteLoads, labels: { outcome: 'failed' } },
    trials: { series: METRICS.remoteLoads, labels: {} },
  },
  lcpP75: {
    name: 'lcpP75',
    title: 'p75 LCP',
    kind: 'quantile',
    series: VITAL_HISTOGRAMS.LCP.series,
    labels: {},
    quantile: 0.75,
    unit: 'ms',
  },
  inpP75: {
    name: 'inpP75',
    title: 'p75 INP',
    kind: 'quantile',
    series: VITAL_HISTOGRAMS.INP.series,
    labels: {},
    quantile: 0.75,
    unit: 'ms',
  },
};

/** A stored walk's checks as records: a list already, or the four keyed checks an older CLI stored. */
export function storedChecks(checks: unknown): CheckConfig[] {
  if (Array.isArray(checks)) return checks as CheckConfig[];
  return Object.entries(checks as Record<string, Record<string, number>>).map(([name, thresholds]) => {
    const { slackMs, ceilingMs, ...rest } = thresholds;
    const check = LEGACY_CHECKS[name];
    if (!check) throw new UsageError(`The walk's stored analysis names a check "${name}" this CLI does not know.`);
    return {
      ...check,
      ...rest,
      ...(slackMs !== undefined ? { slack: slackMs } : {}),
      ...(ceilingMs !== undefined ? { ceiling: ceilingMs } : {}),
    } as CheckConfig;
  });
}
