/**
 * What a browser may send, as the receiver checks it: one batch of events about the remotes on its
 * page. Every field that becomes a metric label is one of a short list of allowed values or a
 * tightly drawn pattern, so no report can carry a member's identity, e-mail address or token into
 * a label (docs/telemetry.md). Every object is strict: an unknown field is a refused report, not
 * an ignored one. The types are the contract's (contract.ts); a type test below holds the schema's
 * output to them, so the two cannot drift.
 */
import * as v from 'valibot';
import {
  CHANNELS,
  ERROR_KINDS,
  LOAD_OUTCOMES,
  LOAD_STAGES,
  MAX_EVENTS_PER_BATCH,
  MAX_PASS_RELEASES,
  NAVIGATIONS,
  REPORT_FORMAT,
  VERSION_PATTERN,
  VITALS,
  type PassRequest,
  type ReportBatch,
  type ReportEvent,
} from './contract';

/** Milliseconds, bounded: past ten minutes a figure is a broken clock, not a member's experience. */
const milliseconds = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(600_000));

/**
 * The schemas of reports from a portal whose reporting apps (the shell and each remote: whose
 * areas an event may count for) are `apps`; the registry of remotes is the receiver's to read.
 */
export function reportSchemas(apps: readonly [string, ...string[]]) {
  const release = {
    remote: v.picklist(apps),
    version: v.pipe(v.string(), v.maxLength(24), v.regex(VERSION_PATTERN, 'is not a release version')),
    channel: v.picklist(CHANNELS),
  };
  const PageEvent = v.strictObject({ type: v.literal('page'), ...release, navigation: v.picklist(NAVIGATIONS) });
  const RemoteLoadEvent = v.strictObject({
    type: v.literal('remote-load'),
    ...release,
    outcome: v.picklist(LOAD_OUTCOMES),
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
  const ReportEventSchema = v.variant('type', [PageEvent, RemoteLoadEvent, ErrorEvent, VitalEvent]);

  /**
   * A batch as it must be shaped. Whether its environment and releases are served here is the
   * receiver's release catalog's to say, not the schema's.
   */
  const Environment = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,31}$/, 'is not an environment name'));
  const Format = v.literal(REPORT_FORMAT, `format must be ${REPORT_FORMAT}`);
  /** A reporter pass as the receiver signs it: two base64url parts. */
  const Pass = v.pipe(v.string(), v.maxLength(1024), v.regex(/^[\w-]+\.[\w-]+$/, 'is not a reporter pass'));

  const ReportBatchSchema = v.strictObject({
    format: Format,
    environment: Environment,
    /** The pass the page got as its reporter started: what the events are counted against. */
    pass: Pass,
    events: v.pipe(v.array(ReportEventSchema), v.minLength(1), v.maxLength(MAX_EVENTS_PER_BATCH)),
  });
  const PassRequestSchema = v.strictObject({
    format: Format,
    environment: Environment,
    releases: v.pipe(v.array(v.strictObject(release)), v.minLength(1), v.maxLength(MAX_PASS_RELEASES)),
    /** A page that leaves before its pass came back sends its events with the request. */
    events: v.optional(v.pipe(v.array(ReportEventSchema), v.maxLength(MAX_EVENTS_PER_BATCH))),
  });
  return { ReportEventSchema, ReportBatchSchema, PassRequestSchema };
}

type Schemas = ReturnType<typeof reportSchemas>;
/** Each direction of assignability: the schema's output is the contract's type, exactly. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: [
  Same<v.InferOutput<Schemas['ReportEventSchema']>, ReportEvent>,
  Same<v.InferOutput<Schemas['ReportBatchSchema']>, ReportBatch>,
  Same<v.InferOutput<Schemas['PassRequestSchema']>, PassRequest>,
] = [true, true, true];
void sameShape;
