import * as v from 'valibot';
import { parseExposition, type Sample } from './exposition-format';
import {
  ERRORS,
  PAGE_LOADS,
  REMOTE_LOADS,
  VITALS,
  VITAL_HISTOGRAMS,
  emptyFigures,
  histogramQuantile,
  vitalScale,
  type ReleaseFigures,
} from './release-figures';

/** A point to count from: what happened after it is what `figures` adds up. */
export interface Mark {
  at: Date;
  /** The receivers' counters at that point (the embedded source keeps its own history). */
  samples?: Sample[];
}

/** Where the figures come from: Prometheus, or the receivers' own /metrics. */
export interface MetricsSource {
  readonly description: string;
  mark(): Promise<Mark>;
  /** A mark `ms` ago, where the source has history; null where it has none (the receivers). */
  markAgo(ms: number): Mark | null;
  figures(remote: string, environment: string, since: Mark | null): Promise<ReleaseFigures[]>;
}

export class MetricsUnavailableError extends Error {
  override name = 'MetricsUnavailableError';
}

/** Releases with nothing in the window are left out. */
const active = (row: ReleaseFigures) => row.loads > 0 || row.remoteLoads > 0 || row.errors > 0;

const rowKey = (version: string, channel: string) => `${version}\u0000${channel}`;

/** Figures by release, filled in by `fill` for each (version, channel) it names. */
class FiguresTable {
  private readonly rows = new Map<string, ReleaseFigures>();
  row(version: string, channel: string): ReleaseFigures {
    const key = rowKey(version, channel);
    let row = this.rows.get(key);
    if (!row) this.rows.set(key, (row = emptyFigures(version, channel)));
    return row;
  }
  all(): ReleaseFigures[] {
    return [...this.rows.values()].sort(
      (a, b) => a.channel.localeCompare(b.channel) || a.version.localeCompare(b.version),
    );
  }
}

const PromVector = v.object({
  status: v.literal('success'),
  data: v.object({
    resultType: v.literal('vector'),
    result: v.array(
      v.object({
        metric: v.record(v.string(), v.string()),
        value: v.tuple([v.number(), v.string()]),
      }),
    ),
  }),
});

/**
 * Prometheus, through its HTTP API: each figure is one PromQL query over the window, summed over
 * every receiver it scrapes (`sum by (version, channel)`), counters through `increase()` (which
 * sees across a receiver's restart) and percentiles through `histogram_quantile`.
 */
export class PrometheusSource implements MetricsSource {
  readonly description: string;
  constructor(
    private readonly baseUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.description = `Prometheus ${baseUrl}`;
  }

  async mark(): Promise<Mark> {
    return { at: this.now() };
  }

  markAgo(ms: number): Mark {
    return { at: new Date(this.now().getTime() - ms) };
  }

  /** One instant query: its vector as (version, channel, value) rows. */
  async query(promql: string, at: Date): Promise<Array<{ version: string; channel: string; value: number }>> {
    const url = new URL('/api/v1/query', this.baseUrl);
    url.searchParams.set('query', promql);
    url.searchParams.set('time', String(at.getTime() / 1000));
    let body: unknown;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      body = await response.json();
      if (!response.ok) throw new Error(`answered ${response.status}: ${JSON.stringify(body)}`);
    } catch (error) {
      throw new MetricsUnavailableError(`${this.description} cannot be queried: ${(error as Error).message}`);
    }
    const parsed = v.safeParse(PromVector, body);
    if (!parsed.success)
      throw new MetricsUnavailableError(`${this.description} gave an unexpected answer to ${promql}`);
    return parsed.output.data.result.map(({ metric, value }) => ({
      version: metric.version ?? '',
      channel: metric.channel ?? '',
      value: Number(value[1]),
    }));
  }

  async figures(remote: string, environment: string, since: Mark | null): Promise<ReleaseFigures[]> {
    const at = this.now();
    const from = since ?? this.markAgo(3_600_000);
    const window = `${Math.max(1, Math.round((at.getTime() - from.at.getTime()) / 1000))}s`;
    const selector = (extra = '') => `{remote="${remote}",environment="${environment}"${extra}}`;
    const increase = (metric: string, extra = '') =>
      `sum by (version, channel) (increase(${metric}${selector(extra)}[${window}]))`;
    const table = new FiguresTable();
    const counted = (field: 'loads' | 'errors' | 'remoteLoads' | 'remoteLoadFailures', promql: string) =>
      this.query(promql, at).then((rows) =>
        rows.forEach((row) => (table.row(row.version, row.channel)[field] = Math.round(row.value))),
      );
    await Promise.all([
      counted('loads', increase(PAGE_LOADS)),
      counted('errors', increase(ERRORS)),
      counted('remoteLoads', increase(REMOTE_LOADS)),
      counted('remoteLoadFailures', increase(REMOTE_LOADS, ',outcome="failed"')),
      ...VITALS.flatMap((vital) => [
        this.query(increase(`${VITAL_HISTOGRAMS[vital]}_count`), at).then((rows) =>
          rows.forEach((row) => (table.row(row.version, row.channel).vitals[vital].count = Math.round(row.value))),
        ),
        this.query(
          `histogram_quantile(0.75, sum by (version, channel, le) (increase(${VITAL_HISTOGRAMS[vital]}_bucket${selector()}[${window}])))`,
          at,
        ).then((rows) =>
          rows.forEach((row) => {
            table.row(row.version, row.channel).vitals[vital].p75 = Number.isFinite(row.value)
              ? row.value * vitalScale(vital)
              : null;
          }),
        ),
      ]),
    ]);
    return table.all().filter(active);
  }
}

const seriesKey = (sample: Sample) =>
  `${sample.name}{${Object.entries(sample.labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join(',')}}`;

/**
 * The receivers' /metrics, read directly where no Prometheus is configured (one receiver in
 * development, or a few listed with `--metrics-url`). It keeps no history: a window counts from a
 * reading it took (a step's start), or from each receiver's start. A counter lower than at the
 * mark means its receiver restarted: what it counted since is taken, as Prometheus would.
 */
export class ReceiverSource implements MetricsSource {
  readonly description: string;
  constructor(
    private readonly metricsUrls: readonly string[],
    private readonly now: () => Date = () => new Date(),
  ) {
    this.description = `receiver ${metricsUrls.join(', ')}`;
  }

  private async read(): Promise<Sample[]> {
    const texts = await Promise.all(
      this.metricsUrls.map(async (url) => {
        const get = async () => {
          const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
          if (!response.ok) throw new Error(`answered ${response.status}`);
          return response.text();
        };
        try {
          // Once more on a failure: a kept-alive connection to a receiver that restarted fails once.
          return await get().catch(get);
        } catch (error) {
          throw new MetricsUnavailableError(`${url} cannot be read: ${(error as Error).message}`);
        }
      }),
    );
    // Each receiver's series stay apart until summed: one restarting must not look like a drop.
    return texts.flatMap((text, index) =>
      parseExposition(text).map((sample) => ({ ...sample, labels: { ...sample.labels, instance: String(index) } })),
    );
  }

  async mark(): Promise<Mark> {
    return { at: this.now(), samples: await this.read() };
  }

  markAgo(): null {
    return null;
  }

  async figures(remote: string, environment: string, since: Mark | null): Promise<ReleaseFigures[]> {
    const before = new Map((since?.samples ?? []).map((sample) => [seriesKey(sample), sample.value]));
    const table = new FiguresTable();
    const buckets = new Map<string, Map<number, number>>();
    for (const sample of await this.read()) {
      const { labels } = sample;
      if (labels.remote !== remote || labels.environment !== environment) continue;
      const previous = before.get(seriesKey(sample)) ?? 0;
      const delta = sample.value >= previous ? sample.value - previous : sample.value;
      const row = table.row(labels.version ?? '', labels.channel ?? '');
      if (sample.name === PAGE_LOADS) row.loads += delta;
      else if (sample.name === ERRORS) row.errors += delta;
      else if (sample.name === REMOTE_LOADS) {
        row.remoteLoads += delta;
        if (labels.outcome === 'failed') row.remoteLoadFailures += delta;
      } else {
        for (const vital of VITALS) {
          if (sample.name === `${VITAL_HISTOGRAMS[vital]}_count`) row.vitals[vital].count += delta;
          if (sample.name === `${VITAL_HISTOGRAMS[vital]}_bucket` && labels.le !== undefined) {
            const key = `${rowKey(row.version, row.channel)}\u0000${vital}`;
            let bounds = buckets.get(key);
            if (!bounds) buckets.set(key, (bounds = new Map()));
            const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
            bounds.set(le, (bounds.get(le) ?? 0) + delta);
          }
        }
      }
    }
    for (const row of table.all()) {
      for (const vital of VITALS) {
        const bounds = buckets.get(`${rowKey(row.version, row.channel)}\u0000${vital}`);
        if (!bounds) continue;
        const p75 = histogramQuantile(
          0.75,
          [...bounds].map(([le, count]) => ({ le, count })),
        );
        row.vitals[vital].p75 = p75 === null ? null : p75 * vitalScale(vital);
      }
    }
    return table.all().filter(active);
  }
}
