/**
 * What a browser may send: one batch of events about the remotes on its page. Every field that
 * becomes a metric label is one of a short list of allowed values or a tightly drawn pattern, so
 * no report can carry a member's identity, e-mail address or token into a label (docs/telemetry.md).
 * Every object is strict: an unknown field is a refused report, not an ignored one.
 */
import * as v from 'valibot';
import apps from '../../scripts/lib/apps.cjs';

/** Version of the wire format; a browser built for another one is refused with a clear message. */
export const REPORT_FORMAT = 2;
/** The most events one batch may hold; the shell sends far fewer (one page's worth). */
export const MAX_EVENTS_PER_BATCH = 64;
/**
 * Bytes of one report batch, and of one delivery of CSP reports: the Reporting API delivers what
 * a browser queued at once (up to `MAX_CSP_REPORTS_PER_DELIVERY`), the page's whole policy in each.
 * The edge holds the same sizes (EDGE_LIMITS in scripts/edge/policy.mjs; a test holds them equal).
 */
export const MAX_REPORT_BYTES = 16 * 1024;
export const MAX_CSP_REPORT_BYTES = 64 * 1024;

/** The apps that own an area of the page: the shell itself and each remote of the ports table. */
export const REPORTING_APPS = ['shell', ...apps.remotes.map((remote) => remote.name)] as const;
export const CHANNELS = ['stable', 'canary', 'override'] as const;
export const NAVIGATIONS = ['load', 'route'] as const;
export const LOAD_OUTCOMES = ['ok', 'recovered', 'failed'] as const;
/** Where a remote's load failed: its entry script, its container's init, its module's chunks, its first render. */
export const LOAD_STAGES = ['entry', 'init', 'chunks', 'render'] as const;
export const ERROR_KINDS = ['uncaught', 'unhandled-rejection', 'boundary'] as const;
export const VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;

/**
 * A release's version: `MAJOR.MINOR.PATCH` with small numbers and an optional pre-release from a
 * fixed list (`1.4.0-rc.2`), or `local`/`dev` for unreleased builds. Nothing else: a free-form
 * version would be a free-form label.
 */
export const VERSION_PATTERN =
  /^(?:(?:0|[1-9]\d{0,5})\.(?:0|[1-9]\d{0,5})\.(?:0|[1-9]\d{0,5})(?:-(?:alpha|beta|rc|canary|next)(?:\.(?:0|[1-9]\d{0,3}))?)?|local|dev)$/;

const release = {
  remote: v.picklist(REPORTING_APPS),
  version: v.pipe(v.string(), v.maxLength(24), v.regex(VERSION_PATTERN, 'is not a release version')),
  channel: v.picklist(CHANNELS),
};

/** Milliseconds, bounded: past ten minutes a figure is a broken clock, not a member's experience. */
const milliseconds = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(600_000));

const PageEvent = v.strictObject({ type: v.literal('page'), ...release, navigation: v.picklist(NAVIGATIONS) });
const RemoteLoadEvent = v.strictObject({
  type: v.literal('remote-load'),
  ...release,
  outcome: v.picklist(LOAD_OUTCOMES),
  /** The stage that failed (for `recovered`, the first one that did). */
  stage: v.optional(v.picklist(LOAD_STAGES)),
  attempts: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)),
  durationMs: milliseconds,
});
const ErrorEvent = v.strictObject({ type: v.literal('error'), ...release, kind: v.picklist(ERROR_KINDS) });
const VitalEvent = v.strictObject({
  type: v.literal('vital'),
  ...release,
  name: v.picklist(VITALS),
  // CLS is a unitless score (0.1 is "good"); the others are milliseconds.
  value: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(600_000)),
});

export const ReportEventSchema = v.variant('type', [PageEvent, RemoteLoadEvent, ErrorEvent, VitalEvent]);
export type ReportEvent = v.InferOutput<typeof ReportEventSchema>;

/**
 * A batch as it must be shaped. Whether its environment and releases are served here is the
 * release catalog's to say (release-catalog.ts), not the schema's.
 */
const Environment = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,31}$/, 'is not an environment name'));
const Format = v.literal(REPORT_FORMAT, `format must be ${REPORT_FORMAT}`);
/** A reporter pass as the receiver signs it (reporter-pass.ts): two base64url parts. */
const Pass = v.pipe(v.string(), v.maxLength(1024), v.regex(/^[\w-]+\.[\w-]+$/, 'is not a reporter pass'));

export const ReportBatchSchema = v.strictObject({
  format: Format,
  environment: Environment,
  /** The pass the page got as its reporter started: what the events are counted against. */
  pass: Pass,
  events: v.pipe(v.array(ReportEventSchema), v.minLength(1), v.maxLength(MAX_EVENTS_PER_BATCH)),
});
export type ReportBatch = v.InferOutput<typeof ReportBatchSchema>;

/** The releases one page may name in a pass request: the shell and each remote. */
export const MAX_PASS_RELEASES = 8;
export const PassRequestSchema = v.strictObject({
  format: Format,
  environment: Environment,
  releases: v.pipe(v.array(v.strictObject(release)), v.minLength(1), v.maxLength(MAX_PASS_RELEASES)),
  /** A page that leaves before its pass came back sends its events with the request. */
  events: v.optional(v.pipe(v.array(ReportEventSchema), v.maxLength(MAX_EVENTS_PER_BATCH))),
});
