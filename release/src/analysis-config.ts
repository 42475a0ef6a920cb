import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ms from 'ms';
import * as v from 'valibot';
import { UsageError } from './deploy-layout';

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
/**
 * A rate check. It fails when the canary's rate is above stable's by more than `maxIncrease`
 * (0.01: one percentage point) and Fisher's exact test says so at the confidence, or when the
 * canary's rate is above `ceiling` at the confidence whatever stable does. It passes on
 * `minSample` loads a side without either.
 */
const RateCheck = v.strictObject({
  minSample: Sample,
  maxIncrease: Share,
  ceiling: v.optional(Share),
  confidence: v.optional(Confidence),
});
/**
 * A latency check on the 75th percentile. Its limit is stable's p75 × `maxRatio` + `slackMs` (and
 * `ceilingMs` whatever stable does); it fails when more than a quarter of the canary's
 * measurements are above the limit, at the confidence (an exact binomial test).
 */
const LatencyCheck = v.strictObject({
  minSample: Sample,
  maxRatio: v.pipe(v.number(), v.minValue(1)),
  slackMs: v.pipe(v.number(), v.minValue(0)),
  ceilingMs: v.optional(v.pipe(v.number(), v.minValue(0))),
  confidence: v.optional(Confidence),
});

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
  checks: v.strictObject({
    errorRate: RateCheck,
    failureRate: RateCheck,
    lcpP75: LatencyCheck,
    inpP75: LatencyCheck,
  }),
});
export type AnalysisChecks = v.InferOutput<typeof AnalysisFileSchema>['checks'];
export type RateCheckConfig = v.InferOutput<typeof RateCheck>;
export type LatencyCheckConfig = v.InferOutput<typeof LatencyCheck>;

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
  checks: AnalysisChecks;
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
  const parsed = v.safeParse(AnalysisFileSchema, raw);
  if (!parsed.success) throw new UsageError(`The analysis file ${file} is not valid: ${v.summarize(parsed.issues)}`);
  const { window, checkEvery, holdAfter, prometheus, checks, confidence } = parsed.output;
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
