/**
 * The receiver's Prometheus metrics: counters of page loads, remote loads and errors, histograms
 * of load times and Web Vitals, each labelled with the release that produced it (remote, version,
 * channel, environment). They are the receiver's only state: a restart starts them at zero, which
 * Prometheus reads as a counter reset.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import {
  ERROR_KINDS,
  LOAD_OUTCOMES,
  LOAD_STAGES,
  NAVIGATIONS,
  type ReportBatch,
  type ReportEvent,
} from './report-schema';

const RELEASE_LABELS = ['remote', 'version', 'channel', 'environment'] as const;
type ReleaseLabels = Record<(typeof RELEASE_LABELS)[number], string>;

/**
 * Seconds: Web Vitals' "good" and "poor" limits sit on bucket edges (LCP 2.5/4 s, INP 0.2/0.5 s,
 * FCP 1.8/3 s, TTFB 0.8/1.8 s). LCP and INP, which canaries are judged on, have bounds close
 * enough that a limit a fifth above stable's p75 falls near one (release/src/statistics.ts).
 */
export const TIME_BUCKETS = {
  LCP: [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 15, 20, 30],
  FCP: [0.25, 0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10, 20],
  TTFB: [0.05, 0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 3, 5, 10],
  INP: [0.016, 0.032, 0.05, 0.075, 0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.75, 1, 1.5, 2, 5],
} as const;
/** CLS's "good" and "poor" limits are 0.1 and 0.25. */
const CLS_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2];
const LOAD_DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];

export type RejectionReason =
  'json' | 'schema' | 'unlisted' | 'pass' | 'size' | 'media-type' | 'rate' | 'origin' | 'method' | 'not-found';
/**
 * Why an event of an accepted request was not counted: it named a release no manifest serves, or
 * one its pass does not name, or its pass had reported a page's worth of that kind already.
 */
export type EventRefusal = 'unlisted' | 'pass' | 'reporter-cap';

export class ReceiverMetrics {
  readonly registry = new Registry();
  private readonly pageLoads = new Counter({
    name: 'loyalty_page_loads_total',
    help: 'Page loads and route changes, by the remote that renders the route',
    labelNames: [...RELEASE_LABELS, 'navigation'],
    registers: [this.registry],
  });
  private readonly remoteLoads = new Counter({
    name: 'loyalty_remote_loads_total',
    help: "Loads of a remote's routes (entry, init, chunks, first render) by outcome and failed stage",
    labelNames: [...RELEASE_LABELS, 'outcome', 'stage'],
    registers: [this.registry],
  });
  private readonly remoteLoadRetries = new Counter({
    name: 'loyalty_remote_load_retries_total',
    help: "Attempts beyond the first to load a remote's routes",
    labelNames: RELEASE_LABELS,
    registers: [this.registry],
  });
  private readonly remoteLoadSeconds = new Histogram({
    name: 'loyalty_remote_load_duration_seconds',
    help: "Time from asking for a remote's routes to their first render (or the failure)",
    labelNames: [...RELEASE_LABELS, 'outcome'],
    buckets: LOAD_DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: 'loyalty_errors_total',
    help: 'Uncaught errors, unhandled rejections and error-boundary catches, by the remote that owns the area',
    labelNames: [...RELEASE_LABELS, 'kind'],
    registers: [this.registry],
  });
  private readonly vitals = {
    LCP: this.timeHistogram('lcp', 'Largest Contentful Paint', TIME_BUCKETS.LCP),
    INP: this.timeHistogram('inp', 'Interaction to Next Paint', TIME_BUCKETS.INP),
    FCP: this.timeHistogram('fcp', 'First Contentful Paint', TIME_BUCKETS.FCP),
    TTFB: this.timeHistogram('ttfb', 'Time to First Byte', TIME_BUCKETS.TTFB),
    CLS: new Histogram({
      name: 'loyalty_web_vitals_cls',
      help: 'Cumulative Layout Shift (unitless), by the remote that renders the route',
      labelNames: RELEASE_LABELS,
      buckets: CLS_BUCKETS,
      registers: [this.registry],
    }),
  };
  private readonly cspViolations = new Counter({
    name: 'loyalty_csp_violations_total',
    help: "Content-Security-Policy violations reported by the portal's pages",
    labelNames: ['directive', 'disposition'],
    registers: [this.registry],
  });
  private readonly rejected = new Counter({
    name: 'loyalty_telemetry_rejected_total',
    help: 'Requests the receiver refused, by reason',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  private readonly accepted = new Counter({
    name: 'loyalty_telemetry_events_total',
    help: 'Events the receiver accepted',
    registers: [this.registry],
  });
  /**
   * A gauge, not a counter: each address is counted once, at its first report, which is often the
   * release's first moments; a gauge's value needs no earlier sample to be read.
   */
  private readonly reporters = new Gauge({
    name: 'loyalty_reporting_addresses',
    help: 'Distinct client addresses (IPv6 by /64) that have reported a release since it was first served',
    labelNames: RELEASE_LABELS,
    registers: [this.registry],
  });
  private readonly clients = new Counter({
    name: 'loyalty_telemetry_addresses_total',
    help: 'Client addresses seen reporting, and refused for their rate, each once per 30-minute window',
    labelNames: ['what'],
    registers: [this.registry],
  });
  private readonly batches = new Counter({
    name: 'loyalty_telemetry_batches_total',
    help: 'Report batches the receiver accepted (the measure refused requests are weighed against)',
    registers: [this.registry],
  });
  private readonly refusedEvents = new Counter({
    name: 'loyalty_telemetry_events_refused_total',
    help: 'Events of accepted requests the receiver did not count, by reason',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  /** Release label sets whose series have been created at zero. */
  private readonly initialised = new Set<string>();

  constructor({ processMetrics = true }: { processMetrics?: boolean } = {}) {
    if (processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'loyalty_telemetry_' });
  }

  private timeHistogram(key: string, title: string, buckets: readonly number[]) {
    return new Histogram({
      name: `loyalty_web_vitals_${key}_seconds`,
      help: `${title}, by the remote that renders the route`,
      labelNames: RELEASE_LABELS,
      buckets: [...buckets],
      registers: [this.registry],
    });
  }

  /**
   * Creates every series of a release at zero the first time it reports, so that a failure's first
   * occurrence is an increase Prometheus can see rather than a series born at 1.
   */
  private initialise(labels: ReleaseLabels): void {
    const key = RELEASE_LABELS.map((name) => labels[name]).join('\u0000');
    if (this.initialised.has(key)) return;
    this.initialised.add(key);
    this.reporters.set(labels, 0);
    this.eachSeries(labels, {
      counter: (counter, series) => counter.inc(series, 0),
      histogram: (histogram, series) => histogram.zero(series),
    });
  }

  /** Every series of a release, as `initialise` creates them and `forget` removes them. */
  private eachSeries(
    labels: ReleaseLabels,
    visit: {
      counter: (counter: Counter<string>, series: Record<string, string>) => void;
      histogram: (histogram: Histogram<string>, series: Record<string, string>) => void;
    },
  ): void {
    for (const navigation of NAVIGATIONS) visit.counter(this.pageLoads, { ...labels, navigation });
    visit.counter(this.remoteLoads, { ...labels, outcome: 'ok', stage: 'none' });
    for (const outcome of LOAD_OUTCOMES.filter((outcome) => outcome !== 'ok')) {
      for (const stage of LOAD_STAGES) visit.counter(this.remoteLoads, { ...labels, outcome, stage });
    }
    visit.counter(this.remoteLoadRetries, labels);
    for (const outcome of LOAD_OUTCOMES) visit.histogram(this.remoteLoadSeconds, { ...labels, outcome });
    for (const kind of ERROR_KINDS) visit.counter(this.errors, { ...labels, kind });
    for (const histogram of Object.values(this.vitals)) visit.histogram(histogram, labels);
  }

  /** Makes a release's series, at zero, before its first report (its manifest was read). */
  prepare(labels: ReleaseLabels): void {
    this.initialise(labels);
  }

  /** Removes a release's series (it left the manifests): label values never outlive their release. */
  forget(labels: ReleaseLabels): void {
    const key = RELEASE_LABELS.map((name) => labels[name]).join('\u0000');
    if (!this.initialised.delete(key)) return;
    this.reporters.remove(labels);
    this.eachSeries(labels, {
      counter: (counter, series) => counter.remove(series),
      histogram: (histogram, series) => histogram.remove(series),
    });
  }

  /** Counts the events of an accepted batch; the release of each was checked against the manifests. */
  record(batch: Pick<ReportBatch, 'environment' | 'events'>): void {
    for (const event of batch.events) this.recordEvent(event, batch.environment);
    this.accepted.inc(batch.events.length);
    this.batches.inc();
  }

  /** An address seen reporting, or refused for its rate, for the first time in its window. */
  recordAddress(what: 'reporting' | 'refused'): void {
    this.clients.inc({ what });
  }

  /** One more address reported this release (the ledger says which are new). */
  recordReporter(labels: ReleaseLabels): void {
    this.initialise(labels);
    this.reporters.inc(labels);
  }

  recordRefusedEvents(reason: EventRefusal, count: number): void {
    this.refusedEvents.inc({ reason }, count);
  }

  private recordEvent(event: ReportEvent, environment: string): void {
    const labels: ReleaseLabels = { remote: event.remote, version: event.version, channel: event.channel, environment };
    this.initialise(labels);
    switch (event.type) {
      case 'page':
        this.pageLoads.inc({ ...labels, navigation: event.navigation });
        return;
      case 'remote-load':
        this.remoteLoads.inc({
          ...labels,
          outcome: event.outcome,
          stage: event.outcome === 'ok' ? 'none' : (event.stage ?? 'entry'),
        });
        if (event.attempts > 1) this.remoteLoadRetries.inc(labels, event.attempts - 1);
        this.remoteLoadSeconds.observe({ ...labels, outcome: event.outcome }, event.durationMs / 1000);
        return;
      case 'error':
        this.errors.inc({ ...labels, kind: event.kind });
        return;
      case 'vital':
        if (event.name === 'CLS') this.vitals.CLS.observe(labels, event.value);
        else this.vitals[event.name].observe(labels, event.value / 1000);
        return;
    }
  }

  recordCspViolation(directive: string, disposition: string): void {
    this.cspViolations.inc({ directive, disposition });
  }

  recordRejection(reason: RejectionReason): void {
    this.rejected.inc({ reason });
  }
}
