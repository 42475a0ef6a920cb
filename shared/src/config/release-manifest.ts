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
});
export type RemoteChannels = v.InferOutput<typeof RemoteChannelsSchema>;

/** The one small mutable file per environment that says which build of each remote members get. */
export const ReleaseManifestSchema = v.object({
  schemaVersion: v.literal(1),
  environment: v.string(),
  revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
  remotes: v.record(v.string(), RemoteChannelsSchema),
});
export type ReleaseManifest = v.InferOutput<typeof ReleaseManifestSchema>;
