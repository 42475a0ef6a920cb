import * as v from 'valibot';

/** One published build of a remote. */
export const RemoteReleaseSchema = v.object({
  version: v.pipe(v.string(), v.minLength(1)),
  /** URL of the remote's `remoteEntry.js`. */
  entry: v.pipe(v.string(), v.minLength(1)),
  /** Subresource integrity of the entry (`sha384-…`); checked by the browser before it runs. */
  integrity: v.optional(v.pipe(v.string(), v.startsWith('sha384-'))),
});
export type RemoteRelease = v.InferOutput<typeof RemoteReleaseSchema>;

export const CanaryReleaseSchema = v.object({
  ...RemoteReleaseSchema.entries,
  /** Share of members (0–100) who get the canary. */
  percent: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
});
export type CanaryRelease = v.InferOutput<typeof CanaryReleaseSchema>;

export const RemoteChannelsSchema = v.object({
  stable: RemoteReleaseSchema,
  canary: v.optional(CanaryReleaseSchema),
  /** Earlier stable releases, oldest first: where `release rollback` goes back to. */
  previous: v.optional(v.array(RemoteReleaseSchema)),
});
export type RemoteChannels = v.InferOutput<typeof RemoteChannelsSchema>;

/** The one small mutable file per environment that says which build of each remote members get. */
export const ReleaseManifestSchema = v.object({
  schemaVersion: v.literal(1),
  environment: v.string(),
  /** Goes up by one with every change: a writer that read an older revision must not write. */
  revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
  updatedAt: v.optional(v.string()),
  updatedBy: v.optional(v.string()),
  remotes: v.record(v.string(), RemoteChannelsSchema),
});
export type ReleaseManifest = v.InferOutput<typeof ReleaseManifestSchema>;

export type ReleaseChannel = 'stable' | 'canary' | 'override';

/** 32-bit FNV-1a: tiny, stable across browsers and Node, and well spread for short ids. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The member's bucket (0–99) for one remote. The remote's name is part of the key, so being in
 * one remote's canary says nothing about another's.
 */
export function cohortBucket(remote: string, cohortId: string): number {
  return fnv1a(`${remote}:${cohortId}`) % 100;
}

/**
 * The readable cookie the telemetry receiver sets with each reporter pass (decision 060): the
 * cohort of the network the page was loaded from, an HMAC of its subscriber key (an IPv4 address,
 * an IPv6 /56) under the receivers' key. The receiver admits a canary to a pass only from a network
 * whose cohort the canary's share covers, so a page's cohort is the server's choice, not the page's.
 */
export const COHORT_COOKIE = 'loyalty_cohort';
/** How many base64url characters of the receivers' HMAC a cohort id keeps. */
export const COHORT_ID_LENGTH = 16;
/** A cohort cookie's value. */
export const COHORT_ID = new RegExp(`^[\\w-]{${COHORT_ID_LENGTH}}$`);

/** The key a network's cohort is bucketed by, in the browser and in the receiver alike. */
export const networkCohortKey = (cohortId: string) => `net:${cohortId}`;

/**
 * Which release of a remote this page gets: the canary when its network's bucket is under the
 * canary's share; stable without a cohort (a first visit, cookies off).
 */
export function chooseRelease(
  remote: string,
  channels: RemoteChannels,
  cohortId: string | null,
): { release: RemoteRelease; channel: Exclude<ReleaseChannel, 'override'> } {
  const { canary } = channels;
  if (canary && cohortId !== null && cohortBucket(remote, networkCohortKey(cohortId)) < canary.percent) {
    return { release: canary, channel: 'canary' };
  }
  return { release: channels.stable, channel: 'stable' };
}
