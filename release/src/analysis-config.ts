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
/** A rate check: the canary's rate may exceed stable's by `maxIncrease` (0.01: one percentage point). */
const RateCheck = v.strictObject({ minSample: Sample, maxIncrease: Share });
/** A latency check: the canary's p75 may be up to `maxRatio` times stable's, plus `slackMs`. */
const LatencyCheck = v.strictObject({
  minSample: Sample,
  maxRatio: v.pipe(v.number(), v.minValue(1)),
  slackMs: v.pipe(v.number(), v.minValue(0)),
});

const AnalysisFileSchema = v.strictObject({
  $comment: v.optional(v.string()),
  /** What `release health` looks back over, unless `--window` says otherwise. */
  window: Duration,
  /** How often a canary step reads the figures (a failure is acted on at the next reading). */
  checkEvery: Duration,
  /** How long past a step's interval the walk waits for enough data before it holds. */
  holdAfter: Duration,
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

export interface Analysis {
  windowMs: number;
  checkEveryMs: number;
  holdAfterMs: number;
  prometheus?: string;
  checks: AnalysisChecks;
}

export async function loadAnalysis(file = DEFAULT_ANALYSIS_FILE): Promise<Analysis> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`The analysis file ${file} cannot be read: ${(error as Error).message}`);
  }
  const parsed = v.safeParse(AnalysisFileSchema, raw);
  if (!parsed.success) throw new UsageError(`The analysis file ${file} is not valid: ${v.summarize(parsed.issues)}`);
  const { window, checkEvery, holdAfter, prometheus, checks } = parsed.output;
  return {
    windowMs: parseDuration(window, 'window'),
    checkEveryMs: parseDuration(checkEvery, 'checkEvery'),
    holdAfterMs: parseDuration(holdAfter, 'holdAfter'),
    ...(prometheus ? { prometheus } : {}),
    checks,
  };
}
