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
  METRICS,
  NAVIGATIONS,
  RELEASE_LABELS,
  VITALS,
  VITAL_HISTOGRAMS,
  type ReportBatch,
  type ReportEvent,
  type Vital,
} from '@loyalty/shared/telemetry';
import { CANARY_EVENT_ADDRESSES, CANARY_EVENT_KINDS, type CanaryEventKind } from './reporter-ledger';

type ReleaseLabels = Record<(typeof RELEASE_LABELS)[number], string>;

const LOAD_DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];

/** `edge`: a request the edge refused for its client's rate and told the receiver of (EDGE_REFUSAL_ROUTE). */
export type RejectionReason =
  'json' | 'schema' | 'unlisted' | 'pass' | 'size' | 'media-type' | 'rate' | 'edge' | 'origin' | 'method' | 'not-found';
/**
 * Why an event of an accepted request was not counted: it named a release no manifest serves, or
 * one its pass does not name, or its pass had reported a page's worth of that kind already.
 */
/**
 * A request's reporter cookie: `checked` by the edge (REPORTER_CHECKED_HEADER names the same id) and
 * the receiver, valid for the `receiver` alone (no edge in front, or one with another key), or `none`.
 */
export const REPORTER_COOKIES = ['checked', 'receiver', 'none'] as const;
export type ReporterCookie = (typeof REPORTER_COOKIES)[number];
/**
 * A reporter cookie asked for: `minted` for a page (through the edge) or a pass, or refused as
 * `over-budget` when its address has had its share for the window (decision 073).
 */
export type ReporterMint = { by: 'page' | 'pass'; outcome: 'minted' | 'over-budget' };
export type EventRefusal = 'unlisted' | 'pass' | 'reporter-cap';

export class ReceiverMetrics {
  readonly registry = new Registry();
  private readonly pageLoads = new Counter({
    name: METRICS.pageLoads,
    help: 'Page loads and route changes, by the remote that renders the route',
    labelNames: [...RELEASE_LABELS, 'navigation'],
    registers: [this.registry],
  });
  private readonly remoteLoads = new Counter({
    name: METRICS.remoteLoads,
    help: "Loads of a remote's routes (entry, init, chunks, first render) by outcome and failed stage",
    labelNames: [...RELEASE_LABELS, 'outcome', 'stage'],
    registers: [this.registry],
  });
  private readonly remoteLoadRetries = new Counter({
    name: METRICS.remoteLoadRetries,
    help: "Attempts beyond the first to load a remote's routes",
    labelNames: RELEASE_LABELS,
    registers: [this.registry],
  });
  private readonly remoteLoadSeconds = new Histogram({
    name: METRICS.remoteLoadDuration,
    help: "Time from asking for a remote's routes to their first render (or the failure)",
    labelNames: [...RELEASE_LABELS, 'outcome'],
    buckets: LOAD_DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: METRICS.errors,
    help: 'Uncaught errors, unhandled rejections and error-boundary catches, by the remote that owns the area',
    labelNames: [...RELEASE_LABELS, 'kind'],
    registers: [this.registry],
  });
  /** One histogram per vital, in the contract's unit: seconds, or none for CLS. */
  private readonly vitals = Object.fromEntries(
    VITALS.map((vital) => {
      const { series, title, buckets } = VITAL_HISTOGRAMS[vital];
      const histogram = new Histogram({
        name: series,
        help: `${title}, by the remote that renders the route`,
        labelNames: RELEASE_LABELS,
        buckets: [...buckets],
        registers: [this.registry],
      });
      return [vital, histogram];
    }),
  ) as Record<Vital, Histogram<(typeof RELEASE_LABELS)[number]>>;
  private readonly cspViolations = new Counter({
    name: METRICS.cspViolations,
    help: "Content-Security-Policy violations reported by the portal's pages",
    labelNames: ['directive', 'disposition'],
    registers: [this.registry],
  });
  private readonly rejected = new Counter({
    name: METRICS.rejected,
    help: 'Requests the receiver refused, by reason',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  private readonly accepted = new Counter({
    name: METRICS.events,
    help: 'Events the receiver accepted',
    registers: [this.registry],
  });
  /**
   * A gauge, not a counter: each address is counted once, at its first report, which is often the
   * release's first moments; a gauge's value needs no earlier sample to be read.
   */
  private readonly reporters = new Gauge({
    name: METRICS.reportingAddresses,
    help: 'Distinct subscribers (an IPv4 address, an IPv6 /56) that have reported a release since it was first served',
    labelNames: RELEASE_LABELS,
    registers: [this.registry],
  });
  /** Like `reporters`, per kind of a canary's capped events: how widely its errors are spread. */
  private readonly eventAddresses = new Gauge({
    name: CANARY_EVENT_ADDRESSES,
    help: "Distinct subscribers (an IPv4 address, an IPv6 /56) that added errors, or failed remote loads, to a canary release's counts",
    labelNames: [...RELEASE_LABELS, 'kind'],
    registers: [this.registry],
  });
  private readonly clients = new Counter({
    name: METRICS.addresses,
    help: 'Client addresses seen reporting, and refused for their rate, each once per 30-minute window and environment (unknown where a refusal cannot say)',
    labelNames: ['what', 'environment'],
    registers: [this.registry],
  });
  private readonly batches = new Counter({
    name: METRICS.batches,
    help: 'Report batches the receiver accepted (the measure refused requests are weighed against)',
    registers: [this.registry],
  });
  private readonly refusedEvents = new Counter({
    name: METRICS.eventsRefused,
    help: 'Events of accepted requests the receiver did not count, by reason and the environment their report named',
    labelNames: ['reason', 'environment'],
    registers: [this.registry],
  });
  private readonly reporterRequests = new Counter({
    name: METRICS.reporterRequests,
    help: 'Pass and report requests by their reporter cookie: checked by the edge and the receiver, by the receiver alone, or none valid',
    labelNames: ['cookie'],
    registers: [this.registry],
  });
  private readonly reporterCookies = new Counter({
    name: METRICS.reporterCookies,
    help: 'Reporter cookies asked for, by what asked (a page through the edge, or a pass) and whether one was minted or its address had had its share',
    labelNames: ['by', 'outcome'],
    registers: [this.registry],
  });
  /** Release label sets whose series have been created at zero. */
  private readonly initialised = new Set<string>();

  constructor({ processMetrics = true }: { processMetrics?: boolean } = {}) {
    if (processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'loyalty_telemetry_' });
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
    for (const kind of CANARY_EVENT_KINDS) this.eventAddresses.remove({ ...labels, kind });
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
  recordAddress(what: 'reporting' | 'refused', environment: string): void {
    this.clients.inc({ what, environment });
  }

  /** One more address reported this release (the ledger says which are new). */
  recordReporter(labels: ReleaseLabels): void {
    this.initialise(labels);
    this.reporters.inc(labels);
  }

  /** One more address added a counted event of `kind` to a canary release (the ledger says which are new). */
  recordCanaryEventAddress(labels: ReleaseLabels, kind: CanaryEventKind): void {
    this.eventAddresses.inc({ ...labels, kind });
  }

  recordRefusedEvents(reason: EventRefusal, count: number, environment: string): void {
    this.refusedEvents.inc({ reason, environment }, count);
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
        // The wire gives milliseconds; the histograms hold their contract's unit.
        this.vitals[event.name].observe(
          labels,
          VITAL_HISTOGRAMS[event.name].unit === 'seconds' ? event.value / 1000 : event.value,
        );
        return;
    }
  }

  recordCspViolation(directive: string, disposition: string): void {
    this.cspViolations.inc({ directive, disposition });
  }

  recordReporterCookie(cookie: ReporterCookie): void {
    this.reporterRequests.inc({ cookie });
  }

  recordReporterMint(mint: ReporterMint): void {
    this.reporterCookies.inc(mint);
  }

  recordRejection(reason: RejectionReason): void {
    this.rejected.inc({ reason });
  }
}
