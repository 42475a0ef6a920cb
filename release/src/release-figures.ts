/**
 * What members experienced of each release of a remote over a window: page loads, errors, remote
 * load failures, and the 75th percentile of each Web Vital, from the telemetry receiver's metrics
 * (telemetry/src/metrics.ts names them).
 */

export const VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type Vital = (typeof VITALS)[number];

/** The histogram each vital is kept in; all but CLS are in seconds. */
export const VITAL_HISTOGRAMS: Record<Vital, string> = {
  LCP: 'loyalty_web_vitals_lcp_seconds',
  INP: 'loyalty_web_vitals_inp_seconds',
  FCP: 'loyalty_web_vitals_fcp_seconds',
  TTFB: 'loyalty_web_vitals_ttfb_seconds',
  CLS: 'loyalty_web_vitals_cls',
};
export const PAGE_LOADS = 'loyalty_page_loads_total';
export const ERRORS = 'loyalty_errors_total';
export const REMOTE_LOADS = 'loyalty_remote_loads_total';
/** Distinct addresses that have reported a release: a gauge (telemetry/src/metrics.ts). */
export const REPORTERS = 'loyalty_reporting_addresses';

/**
 * A vital's 75th percentile (milliseconds; CLS unitless), how many measurements it rests on, and
 * its cumulative histogram (bounds in the same unit) for the tests that need more than the p75.
 */
export interface Percentile {
  p75: number | null;
  count: number;
  buckets: Bucket[];
}

export interface ReleaseFigures {
  version: string;
  channel: string;
  /** Page loads and route changes the release rendered: the denominator of the error rate. */
  loads: number;
  errors: number;
  remoteLoads: number;
  remoteLoadFailures: number;
  /** Addresses that have reported the release (the most any receiver's count reached in the window). */
  reporters: number;
  vitals: Record<Vital, Percentile>;
}

export const errorRate = (figures: ReleaseFigures): number | null =>
  figures.loads > 0 ? figures.errors / figures.loads : null;
export const failureRate = (figures: ReleaseFigures): number | null =>
  figures.remoteLoads > 0 ? figures.remoteLoadFailures / figures.remoteLoads : null;

/** The unit a vital's figures are given in: seconds in the metrics, milliseconds here (CLS has none). */
export const vitalScale = (vital: Vital) => (vital === 'CLS' ? 1 : 1000);

export interface Bucket {
  le: number;
  count: number;
}

/**
 * The q-quantile of a cumulative histogram, as Prometheus' `histogram_quantile` computes it:
 * linear interpolation inside the bucket the rank falls in; the highest finite bound when it falls
 * in the +Inf bucket; null with no observation.
 */
export function histogramQuantile(q: number, buckets: readonly Bucket[]): number | null {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total <= 0 || sorted.at(-1)?.le !== Infinity) return null;
  const rank = q * total;
  const index = sorted.findIndex((bucket) => bucket.count >= rank);
  const bucket = sorted[index]!;
  if (bucket.le === Infinity) return sorted.length > 1 ? sorted[index - 1]!.le : null;
  const lower = index === 0 ? 0 : sorted[index - 1]!.le;
  const below = index === 0 ? 0 : sorted[index - 1]!.count;
  if (bucket.count === below) return bucket.le;
  return lower + (bucket.le - lower) * ((rank - below) / (bucket.count - below));
}

export function emptyFigures(version: string, channel: string): ReleaseFigures {
  return {
    version,
    channel,
    loads: 0,
    errors: 0,
    remoteLoads: 0,
    remoteLoadFailures: 0,
    reporters: 0,
    vitals: Object.fromEntries(
      VITALS.map((vital) => [vital, { p75: null, count: 0, buckets: [] as Bucket[] }]),
    ) as Record<Vital, Percentile>,
  };
}

/** Which figures describe a release on a channel, if any do. */
export const figuresOf = (rows: readonly ReleaseFigures[], version: string | undefined, channel: string) =>
  rows.find((row) => row.version === version && row.channel === channel);
