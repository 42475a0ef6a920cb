import type { ReleaseManifest, RemoteChannels, RemoteRelease } from '@loyalty/shared/config';
import { readAudit, type AuditEntry } from './audit-log';
import { checkCandidate, checkServed } from './checks';
import { UsageError, defaultBaseUrl, entryUrl, type RemoteIdentity } from './deploy-layout';
import { readManifest, updateManifest } from './manifest-store';

export interface EnvOptions {
  root: string;
  env: string;
  actor: string;
  expectedRevision?: number;
  shellManifest?: string;
  /** Also fetch the candidate from where browsers will (`--check-url`). */
  checkUrl?: boolean;
  now?: () => Date;
}

/** A short, human-readable picture of a remote's channels, for the audit log and `status`. */
export function describeChannels(channels: RemoteChannels | undefined) {
  if (!channels) return null;
  return {
    stable: channels.stable.version,
    ...(channels.canary ? { canary: channels.canary.version, percent: channels.canary.percent } : {}),
  };
}

function channelsOf(manifest: ReleaseManifest, remote: RemoteIdentity): RemoteChannels {
  const channels = manifest.remotes[remote.name];
  if (!channels)
    throw new UsageError(`${remote.pkg} has no release in ${manifest.environment} yet: pin a version first.`);
  return channels;
}

/** Checks a published version and gives the release record the manifest will point at. */
async function candidate(options: EnvOptions, remote: RemoteIdentity, version: string, baseUrl?: string) {
  const { integrity } = await checkCandidate({
    root: options.root,
    remote,
    version,
    shellManifest: options.shellManifest,
  });
  const entry = entryUrl(baseUrl ?? defaultBaseUrl(remote), version);
  if (options.checkUrl) await checkServed(entry, integrity);
  return { version, entry, integrity } satisfies RemoteRelease;
}

function withChannels(manifest: ReleaseManifest, remote: RemoteIdentity, channels: RemoteChannels): ReleaseManifest {
  return { ...manifest, remotes: { ...manifest.remotes, [remote.name]: channels } };
}

/** Starts a canary, or widens/narrows the running one: `percent` of members get `version`. */
export async function canary(
  options: EnvOptions,
  remote: RemoteIdentity,
  version: string,
  percent: number,
  baseUrl?: string,
) {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new UsageError('--percent must be a number from 0 to 100.');
  }
  return updateManifest(options, async (current) => {
    const channels = channelsOf(current, remote);
    if (channels.stable.version === version) throw new UsageError(`${version} is already the stable release.`);
    const release = await candidate(options, remote, version, baseUrl);
    const next = { ...channels, canary: { ...release, percent } };
    return {
      next: withChannels(current, remote, next),
      audit: { action: 'canary', remote: remote.pkg, from: describeChannels(channels), to: describeChannels(next) },
    };
  });
}

/** Makes the running canary the stable release for everyone. */
export async function promote(options: EnvOptions, remote: RemoteIdentity) {
  return updateManifest(options, async (current) => {
    const channels = channelsOf(current, remote);
    if (!channels.canary) throw new UsageError(`${remote.pkg} has no canary to promote.`);
    const { percent: _percent, ...canaryRelease } = channels.canary;
    // Checked again: the files may have changed since the canary started.
    const release = await candidate(options, remote, canaryRelease.version);
    const next: RemoteChannels = {
      stable: { ...canaryRelease, integrity: release.integrity },
      previous: [...(channels.previous ?? []), channels.stable],
    };
    return {
      next: withChannels(current, remote, next),
      audit: { action: 'promote', remote: remote.pkg, from: describeChannels(channels), to: describeChannels(next) },
    };
  });
}

/** Back to the previous stable release; any canary is stopped. */
export async function rollback(options: EnvOptions, remote: RemoteIdentity) {
  return updateManifest(options, (current) => {
    const channels = channelsOf(current, remote);
    const previous = [...(channels.previous ?? [])];
    const target = previous.pop();
    if (!target) throw new UsageError(`${remote.pkg} has no previous stable release in ${current.environment}.`);
    const next: RemoteChannels = { stable: target, previous };
    return {
      next: withChannels(current, remote, next),
      audit: { action: 'rollback', remote: remote.pkg, from: describeChannels(channels), to: describeChannels(next) },
    };
  });
}

/**
 * Stops the running canary: every member is back on the stable release from their next page load,
 * which stays as it was. What an automatic canary does the moment its analysis fails; `analysis`
 * is written beside the change in the audit log.
 */
export async function rollbackCanary(options: EnvOptions, remote: RemoteIdentity, analysis?: unknown) {
  return updateManifest(options, (current) => {
    const channels = channelsOf(current, remote);
    if (!channels.canary) throw new UsageError(`${remote.pkg} has no canary to roll back.`);
    const { canary: _stopped, ...next } = channels;
    return {
      next: withChannels(current, remote, next),
      audit: {
        action: 'rollback-canary',
        remote: remote.pkg,
        from: describeChannels(channels),
        to: describeChannels(next),
        ...(analysis ? { analysis } : {}),
      },
    };
  });
}

/** Sets the stable release to a given version (the first release, or a hand-picked one); stops any canary. */
export async function pin(options: EnvOptions, remote: RemoteIdentity, version: string, baseUrl?: string) {
  return updateManifest(options, async (current) => {
    const channels = current.remotes[remote.name];
    const release = await candidate(options, remote, version, baseUrl);
    const previous = channels ? [...(channels.previous ?? [])] : [];
    if (channels && channels.stable.version !== version) previous.push(channels.stable);
    const next: RemoteChannels = { stable: release, ...(previous.length > 0 ? { previous } : {}) };
    return {
      next: withChannels(current, remote, next),
      audit: { action: 'pin', remote: remote.pkg, from: describeChannels(channels), to: describeChannels(next) },
    };
  });
}

export async function status(root: string, env: string) {
  const manifest = await readManifest(root, env);
  return {
    environment: env,
    revision: manifest.revision,
    updatedAt: manifest.updatedAt ?? null,
    updatedBy: manifest.updatedBy ?? null,
    remotes: Object.fromEntries(
      Object.entries(manifest.remotes).map(([name, channels]) => [name, describeChannels(channels)]),
    ),
  };
}

export async function history(root: string, env: string, remote?: RemoteIdentity): Promise<AuditEntry[]> {
  return (await readAudit(root)).filter(
    (entry) => (entry.env === env || entry.env === null) && (!remote || entry.remote === remote.pkg),
  );
}
