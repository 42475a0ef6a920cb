import * as v from 'valibot';
import { METRICS, UNKNOWN_ENVIRONMENT } from '@loyalty/shared/telemetry';
import { CANARY_EVENT_ADDRESSES } from '../../telemetry/src/reporter-ledger';
import { parseExposition, type Sample } from './exposition-format';
import {
  emptyFigures,
  isActive,
  matches,
  selectorKey,
  type Bucket,
  type ReleaseFigures,
  type SeriesReads,
} from './release-figures';

/** A point to count from: what happened after it is what `figures` adds up. */
export interface Mark {
  at: Date;
  /** The receivers' counters at that point (the embedded source keeps its own history). */
  samples?: Sample[];
}

/**
 * Refusals in a window, by client: the addresses the receivers refused for their rate, against
 * those they took reports from (each once per window). Counted by client, so one client flooding
 * weighs as one, and many members refused at once (an undersized limit) weigh as many.
 */
export interface Refusals {
  refusedAddresses: number;
  reportingAddresses: number;
  /**
   * Events the receivers took in a batch but did not count, by reason (`reporter-cap`: beyond a
   * pass's or a subscriber's caps; `pass`: a release its pass does not name; `unlisted`: a release
   * no manifest serves). Members' reports dropped so (a hotel's canary members beyond the caps)
   * would otherwise vanish without a trace. Absent from readings recorded before it was counted.
   */
  droppedEvents?: Record<string, number>;
}

/** The events the receivers did not count, for people; null where none were counted or recorded. */
export function describeDropped(refusals: Refusals | null | undefined): string | null {
  const dropped = Object.entries(refusals?.droppedEvents ?? {}).filter(([, count]) => count > 0);
  if (dropped.length === 0) return null;
  return `events the receivers did not count: ${dropped.map(([reason, count]) => `${count} ${reason}`).join(', ')}`;
}

export const ADDRESSES = METRICS.addresses;

/** A PromQL regular expression matching exactly one of `values`. */
const anyOf = (values: readonly string[]) =>
  values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

/** Where the figures come from: Prometheus, or the receivers' own /metrics. */
export interface MetricsSource {
  readonly description: string;
  mark(): Promise<Mark>;
  /** A mark `ms` ago, where the source has history; null where it has none (the receivers). */
  markAgo(ms: number): Mark | null;
  /** Per release: the series `reads` names, over the window from `since`. */
  figures(remote: string, environment: string, since: Mark | null, reads: SeriesReads): Promise<ReleaseFigures[]>;
  /**
   * The receivers' refusals in `environment` over the window, with the clients refused where the
   * refusal could not say whose it was (`UNKNOWN_ENVIRONMENT`): those weigh on every environment.
   */
  refusals?(environment: string, since: Mark | null): Promise<Refusals>;
}

export class MetricsUnavailableError extends Error {
  override name = 'MetricsUnavailableError';
}

/** Cumulative buckets from (bound → count), bounds ascending. */
const bucketsOf = (bounds: Map<number, number>): Bucket[] =>
  [...bounds].map(([le, count]) => ({ le, count })).sort((a, b) => a.le - b.le);

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
 * every receiver it scrapes (`sum by (version, channel)`): counters through `increase()` (which
 * sees across a receiver's restart), histograms as their buckets' increases, whose counts the
 * checks' tests need (a quantile is made of them once, in canary-analysis.ts).
 */
export class PrometheusSource implements MetricsSource {
  readonly description: string;
  constructor(
    private readonly baseUrl: string,
    private readonly now: () => Date = () => new Date(),
    /**
     * Prometheus' scrape interval: a window reaches back one scrape before its mark, so reports
     * that arrived between the mark and the next scrape are in it (the sample before the mark is
     * the base `increase()` counts from).
     */
    private readonly scrapeIntervalMs = 15_000,
  ) {
    this.description = `Prometheus ${baseUrl}`;
  }

  async mark(): Promise<Mark> {
    return { at: this.now() };
  }

  markAgo(ms: number): Mark {
    return { at: new Date(this.now().getTime() - ms) };
  }

  /** One instant query: its vector as (version, channel, le, kind, reason, value) rows. */
  async query(
    promql: string,
    at: Date,
  ): Promise<Array<{ version: string; channel: string; le: string; kind: string; reason: string; value: number }>> {
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
      le: metric.le ?? '',
      kind: metric.kind ?? '',
      reason: metric.reason ?? '',
      value: Number(value[1]),
    }));
  }

  /** The range from `since` (an hour without one) to now, reaching one scrape further back. */
  private window(since: Mark | null, at: Date): string {
    const from = since ?? this.markAgo(3_600_000);
    return `${Math.max(1, Math.round((at.getTime() - from.at.getTime() + this.scrapeIntervalMs) / 1000))}s`;
  }

  async refusals(environment: string, since: Mark | null): Promise<Refusals> {
    const at = this.now();
    const window = this.window(since, at);
    const total = async (what: string, environments: readonly string[]) =>
      Math.round(
        (
          await this.query(
            `sum(increase(${ADDRESSES}{what="${what}",environment=~${JSON.stringify(anyOf(environments))}}[${window}]))`,
            at,
          )
        ).reduce((sum, row) => sum + row.value, 0),
      );
    const [refusedAddresses, reportingAddresses, dropped] = await Promise.all([
      total('refused', [environment, UNKNOWN_ENVIRONMENT]),
      total('reporting', [environment]),
      this.query(
        `sum by (reason) (increase(${METRICS.eventsRefused}{environment=${JSON.stringify(environment)}}[${window}]))`,
        at,
      ),
    ]);
    const droppedEvents = Object.fromEntries(dropped.map((row) => [row.reason, Math.round(row.value)]));
    return { refusedAddresses, reportingAddresses, droppedEvents };
  }

  async figures(
    remote: string,
    environment: string,
    since: Mark | null,
    reads: SeriesReads,
  ): Promise<ReleaseFigures[]> {
    const at = this.now();
    const window = this.window(since, at);
    const selector = (labels: Readonly<Record<string, string>> = {}) =>
      `{${Object.entries({ remote, environment, ...labels })
        .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
        .join(',')}}`;
    const table = new FiguresTable();
    await Promise.all([
      this.query(
        `sum by (version, channel) (max_over_time(${METRICS.reportingAddresses}${selector()}[${window}]))`,
        at,
      ).then((rows) => rows.forEach((row) => (table.row(row.version, row.channel).reporters = Math.round(row.value)))),
      // The most any one receiver counted, not their sum: one address reporting to several
      // receivers must not look like several behind a canary's errors.
      this.query(
        `max by (version, channel, kind) (max_over_time(${CANARY_EVENT_ADDRESSES}${selector()}[${window}]))`,
        at,
      ).then((rows) =>
        rows.forEach((row) => {
          const figures = table.row(row.version, row.channel);
          figures.eventAddresses = { ...figures.eventAddresses, [row.kind]: Math.round(row.value) };
        }),
      ),
      ...reads.counters.map((read) =>
        this.query(`sum by (version, channel) (increase(${read.series}${selector(read.labels)}[${window}]))`, at).then(
          (rows) =>
            rows.forEach(
              (row) => (table.row(row.version, row.channel).counts[selectorKey(read)] = Math.round(row.value)),
            ),
        ),
      ),
      ...reads.histograms.map((read) =>
        this.query(
          `sum by (version, channel, le) (increase(${read.series}_bucket${selector(read.labels)}[${window}]))`,
          at,
        ).then((rows) => {
          const byRelease = new Map<string, Map<number, number>>();
          for (const row of rows) {
            const key = rowKey(row.version, row.channel);
            if (!byRelease.has(key)) byRelease.set(key, new Map());
            byRelease.get(key)!.set(row.le === '+Inf' ? Infinity : Number(row.le), row.value);
          }
          for (const [key, bounds] of byRelease) {
            const [version, channel] = key.split('\u0000') as [string, string];
            table.row(version, channel).histograms[selectorKey(read)] = bucketsOf(bounds);
          }
        }),
      ),
    ]);
    return table.all().filter(isActive);
  }
}

const seriesKey = (sample: Sample) => selectorKey({ series: sample.name, labels: sample.labels });

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

  async refusals(environment: string, since: Mark | null): Promise<Refusals> {
    const before = new Map((since?.samples ?? []).map((sample) => [seriesKey(sample), sample.value]));
    const result = { refusedAddresses: 0, reportingAddresses: 0, droppedEvents: {} as Record<string, number> };
    for (const sample of await this.read()) {
      if (sample.name !== ADDRESSES && sample.name !== METRICS.eventsRefused) continue;
      const whose = sample.labels.environment;
      const refusedUnknown = sample.labels.what === 'refused' && whose === UNKNOWN_ENVIRONMENT;
      if (whose !== environment && !refusedUnknown) continue;
      const previous = before.get(seriesKey(sample)) ?? 0;
      const delta = sample.value >= previous ? sample.value - previous : sample.value;
      if (sample.name === METRICS.eventsRefused) {
        const reason = sample.labels.reason ?? '';
        result.droppedEvents[reason] = (result.droppedEvents[reason] ?? 0) + delta;
        continue;
      }
      if (sample.labels.what === 'refused') result.refusedAddresses += delta;
      if (sample.labels.what === 'reporting') result.reportingAddresses += delta;
    }
    return result;
  }

  async figures(
    remote: string,
    environment: string,
    since: Mark | null,
    reads: SeriesReads,
  ): Promise<ReleaseFigures[]> {
    const before = new Map((since?.samples ?? []).map((sample) => [seriesKey(sample), sample.value]));
    const table = new FiguresTable();
    const buckets = new Map<string, Map<number, number>>();
    for (const sample of await this.read()) {
      const { labels } = sample;
      if (labels.remote !== remote || labels.environment !== environment) continue;
      const previous = before.get(seriesKey(sample)) ?? 0;
      const delta = sample.value >= previous ? sample.value - previous : sample.value;
      const row = table.row(labels.version ?? '', labels.channel ?? '');
      // A gauge: its value now, not its change.
      if (sample.name === METRICS.reportingAddresses) row.reporters += sample.value;
      // Also a gauge, and the most of any one receiver (see PrometheusSource).
      if (sample.name === CANARY_EVENT_ADDRESSES && labels.kind !== undefined) {
        const seen = row.eventAddresses?.[labels.kind] ?? 0;
        row.eventAddresses = { ...row.eventAddresses, [labels.kind]: Math.max(seen, sample.value) };
      }
      for (const read of reads.counters) {
        if (sample.name !== read.series || !matches(read, labels)) continue;
        const key = selectorKey(read);
        row.counts[key] = (row.counts[key] ?? 0) + delta;
      }
      if (labels.le === undefined) continue;
      for (const read of reads.histograms) {
        if (sample.name !== `${read.series}_bucket` || !matches(read, labels)) continue;
        const key = `${rowKey(row.version, row.channel)}\u0000${selectorKey(read)}`;
        let bounds = buckets.get(key);
        if (!bounds) buckets.set(key, (bounds = new Map()));
        const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
        bounds.set(le, (bounds.get(le) ?? 0) + delta);
      }
    }
    for (const row of table.all()) {
      for (const read of reads.histograms) {
        const bounds = buckets.get(`${rowKey(row.version, row.channel)}\u0000${selectorKey(read)}`);
        if (bounds) row.histograms[selectorKey(read)] = bucketsOf(bounds);
      }
    }
    return table.all().filter(isActive);
  }
}
