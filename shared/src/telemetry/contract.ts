/**
 * The telemetry contract: what members' browsers report and what the receiver makes of it, in one
 * place for the shell's reporter (shell/src/telemetry), the receiver (telemetry/src) and the release
 * CLI (release/src). Plain data and types, no validation library: the shell bundles this module
 * into its reporter, and only the receiver loads the schema (`@loyalty/shared/telemetry/schema`).
 * docs/telemetry.md describes the rules; decision 065 why they live here.
 */

import routes from './routes.cjs';

/** Where reports go: the prefix the portal's origin passes on, and the receiver's routes under it. */
export const { TELEMETRY_PATH, TELEMETRY_ROUTES } = routes;

/** Version of the wire format; a browser built for another one is refused with a clear message. */
export const REPORT_FORMAT = 2;
/** The most events one batch may hold; the shell sends far fewer (one page's worth). */
export const MAX_EVENTS_PER_BATCH = 64;
/** The releases one page may name in a pass request: the shell and each remote. */
export const MAX_PASS_RELEASES = 8;

export const CHANNELS = ['stable', 'canary', 'override'] as const;
export const NAVIGATIONS = ['load', 'route'] as const;
export const LOAD_OUTCOMES = ['ok', 'recovered', 'failed'] as const;
/** Where a remote's load failed: its entry script, its container's init, its module's chunks, its first render. */
export const LOAD_STAGES = ['entry', 'init', 'chunks', 'render'] as const;
export const ERROR_KINDS = ['uncaught', 'unhandled-rejection', 'boundary'] as const;
export const VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;

export type Channel = (typeof CHANNELS)[number];
export type Navigation = (typeof NAVIGATIONS)[number];
export type LoadOutcome = (typeof LOAD_OUTCOMES)[number];
export type LoadStage = (typeof LOAD_STAGES)[number];
export type ErrorKind = (typeof ERROR_KINDS)[number];
export type Vital = (typeof VITALS)[number];

/**
 * A release's version: `MAJOR.MINOR.PATCH` with small numbers and an optional pre-release from a
 * fixed list (`1.4.0-rc.2`), or `local`/`dev` for unreleased builds. Nothing else: a free-form
 * version would be a free-form label.
 */
export const VERSION_PATTERN =
  /^(?:(?:0|[1-9]\d{0,5})\.(?:0|[1-9]\d{0,5})\.(?:0|[1-9]\d{0,5})(?:-(?:alpha|beta|rc|canary|next)(?:\.(?:0|[1-9]\d{0,3}))?)?|local|dev)$/;

/** The release an event counts for: an app of the portal, its version and channel, never a member. */
export interface ReleaseLabels {
  remote: string;
  version: string;
  channel: Channel;
}

/** One event of a report, as the wire carries it (the schema holds each field to its range). */
export type ReportEvent =
  | (ReleaseLabels & { type: 'page'; navigation: Navigation })
  | (ReleaseLabels & {
      type: 'remote-load';
      outcome: LoadOutcome;
      /** The stage that failed (for `recovered`, the first one that did). */
      stage?: LoadStage;
      attempts: number;
      durationMs: number;
    })
  | (ReleaseLabels & { type: 'error'; kind: ErrorKind })
  /** CLS is a unitless score (0.1 is "good"); the others are milliseconds. */
  | (ReleaseLabels & { type: 'vital'; name: Vital; value: number });

export interface ReportBatch {
  format: typeof REPORT_FORMAT;
  environment: string;
  /** The reporter pass the receiver gave the page: what the events are counted against. */
  pass: string;
  events: ReportEvent[];
}

/** What a page's reporter asks its pass for: the releases it loaded (and, leaving, its events). */
export interface PassRequest {
  format: typeof REPORT_FORMAT;
  environment: string;
  releases: ReleaseLabels[];
  events?: ReportEvent[];
}

/** The labels every release series carries. */
export const RELEASE_LABELS = ['remote', 'version', 'channel', 'environment'] as const;

/** The environment of a refused client whose refusal cannot say it: every environment counts it. */
export const UNKNOWN_ENVIRONMENT = 'unknown';

/**
 * The receiver's Prometheus series. Counters end in `_total`; a histogram's name ends in its base
 * unit (`_seconds`) or in none when unitless (CLS), as Prometheus names them.
 */
export const METRICS = {
  pageLoads: 'loyalty_page_loads_total',
  remoteLoads: 'loyalty_remote_loads_total',
  remoteLoadRetries: 'loyalty_remote_load_retries_total',
  remoteLoadDuration: 'loyalty_remote_load_duration_seconds',
  errors: 'loyalty_errors_total',
  /** Distinct addresses that have reported a release: a gauge. */
  reportingAddresses: 'loyalty_reporting_addresses',
  /**
   * Client addresses seen reporting, and refused for their rate, each once per window and
   * environment (`UNKNOWN_ENVIRONMENT` for a refusal that cannot say whose it is).
   */
  addresses: 'loyalty_telemetry_addresses_total',
  cspViolations: 'loyalty_csp_violations_total',
  rejected: 'loyalty_telemetry_rejected_total',
  events: 'loyalty_telemetry_events_total',
  batches: 'loyalty_telemetry_batches_total',
  eventsRefused: 'loyalty_telemetry_events_refused_total',
  /**
   * Pass and report requests by their reporter cookie: `checked` (the edge checked it and the
   * receiver verified it), `receiver` (verified here, not by an edge in front), `none`.
   */
  reporterRequests: 'loyalty_telemetry_reporter_requests_total',
  /**
   * Reporter cookies asked for, `by` a page (through the edge) or a pass, `outcome` minted or
   * `over-budget` (the address had been minted its share of cookies for a cookie's life).
   */
  reporterCookies: 'loyalty_telemetry_reporter_cookies_total',
} as const;

/**
 * Each vital's histogram: its series, the unit its observations are in, and its bucket bounds.
 * Web Vitals' "good" and "poor" limits sit on bucket edges (LCP 2.5/4 s, INP 0.2/0.5 s, CLS
 * 0.1/0.25, FCP 1.8/3 s, TTFB 0.8/1.8 s). A canary check's limit falls between two bounds, and its
 * test counts only what lies past the upper one (release/src/statistics.ts): the finer the bounds
 * near the limits checks use, the nearer the test is to exact.
 */
export const VITAL_HISTOGRAMS = {
  LCP: {
    series: 'loyalty_web_vitals_lcp_seconds',
    title: 'Largest Contentful Paint',
    unit: 'seconds',
    buckets: [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 15, 20, 30],
  },
  INP: {
    series: 'loyalty_web_vitals_inp_seconds',
    title: 'Interaction to Next Paint',
    unit: 'seconds',
    buckets: [
      0.016, 0.032, 0.05, 0.075, 0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.75, 1, 1.5, 2, 5,
    ],
  },
  CLS: {
    series: 'loyalty_web_vitals_cls',
    title: 'Cumulative Layout Shift (unitless)',
    unit: 'unitless',
    buckets: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 1, 2],
  },
  FCP: {
    series: 'loyalty_web_vitals_fcp_seconds',
    title: 'First Contentful Paint',
    unit: 'seconds',
    buckets: [0.25, 0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10, 20],
  },
  TTFB: {
    series: 'loyalty_web_vitals_ttfb_seconds',
    title: 'Time to First Byte',
    unit: 'seconds',
    buckets: [0.05, 0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 3, 5, 10],
  },
} as const satisfies Record<Vital, { series: string; title: string; unit: 'seconds' | 'unitless'; buckets: number[] }>;

/** The unit of a histogram's observations, read from its name as Prometheus' conventions write it. */
export const histogramUnit = (series: string): 'seconds' | 'unitless' =>
  series.endsWith('_seconds') ? 'seconds' : 'unitless';
