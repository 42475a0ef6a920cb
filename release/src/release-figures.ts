/**
 * What members experienced of each release of a remote over a window, as the checks read it: the
 * increase of each counter a check names, and each histogram's cumulative buckets, from the
 * telemetry receiver's metrics (their names are the telemetry contract's, `@loyalty/shared/telemetry`).
 * Raw counts only: every figure made of them (a rate, a quantile) is the interpreter's
 * (canary-analysis.ts), made once.
 */

/** One series of the contract, narrowed by labels (beyond the release's own). */
export interface SeriesSelector {
  series: string;
  labels: Readonly<Record<string, string>>;
}

/** The series a reading must get: counters' increases and histograms' buckets. */
export interface SeriesReads {
  counters: SeriesSelector[];
  histograms: SeriesSelector[];
}

export interface Bucket {
  le: number;
  count: number;
}

export interface ReleaseFigures {
  version: string;
  channel: string;
  /** Addresses that have reported the release (the most any receiver's count reached in the window). */
  reporters: number;
  /**
   * A canary's distinct addresses that added each kind of capped event to it (`errors`,
   * `failures`: telemetry/src/reporter-ledger.ts), the most any one receiver counted: evidence
   * spread over that many clients does not rest on one (canary-analysis.ts).
   */
  eventAddresses?: Partial<Record<string, number>>;
  /** Each counter's increase over the window, by `selectorKey`. */
  counts: Record<string, number>;
  /** Each histogram's cumulative buckets over the window (bounds in its series' unit), by `selectorKey`. */
  histograms: Record<string, Bucket[]>;
}

/** `series{name="value",…}`, labels sorted: one key for one selector however it was written. */
export const selectorKey = ({ series, labels }: SeriesSelector) =>
  `${series}{${Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join(',')}}`;

/** Whether a sample's labels hold every label of the selector. */
export const matches = (selector: SeriesSelector, labels: Readonly<Record<string, string>>) =>
  Object.entries(selector.labels).every(([name, value]) => labels[name] === value);

/** A histogram's observations: its +Inf bucket. */
export const totalOf = (buckets: readonly Bucket[]) =>
  buckets.reduce((most, bucket) => (bucket.le === Infinity ? bucket.count : most), 0);

/**
 * The q-quantile of a cumulative histogram, as Prometheus' `histogram_quantile` computes it:
 * linear interpolation inside the bucket the rank falls in; the highest finite bound when it falls
 * in the +Inf bucket; null with no observation. The CLI reads buckets, not quantiles, because its
 * tests need the counts (statistics.ts): this is the one place a quantile is made of them.
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
  return { version, channel, reporters: 0, counts: {}, histograms: {} };
}

/** Releases with nothing in the window are left out (a release with vitals alone is not). */
export const isActive = (row: ReleaseFigures) =>
  Object.values(row.counts).some((count) => count > 0) ||
  Object.values(row.histograms).some((buckets) => totalOf(buckets) > 0);

/** Which figures describe a release on a channel, if any do. */
export const figuresOf = (rows: readonly ReleaseFigures[], version: string | undefined, channel: string) =>
  rows.find((row) => row.version === version && row.channel === channel);
