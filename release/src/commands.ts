import * as v from 'valibot';
import type { ReleaseManifest, RemoteChannels, RemoteRelease } from '@loyalty/shared/config';
import { appendAudit, readAudit, type AuditEntry } from './audit-log';
import { checkCandidate, checkPublishedFiles, checkServed } from './checks';
import {
  CheckFailedError,
  UsageError,
  defaultBaseUrl,
  entryUrl,
  resolveRemote,
  type RemoteIdentity,
} from './deploy-layout';
import { readManifest, updateManifest, type UpdateOptions, type Written } from './manifest-store';
import { notifyRelease, type ReleaseEvent } from './notify';
import { liveControllers } from './walk-controller';
import { describeOwner, forgetOrphanedWalk, leaseLive, listWalks, type WalkState } from './walk-state';

export interface EnvOptions extends UpdateOptions {
  shellManifest?: string;
  /** Also fetch the candidate from where browsers will (`--check-url`). */
  checkUrl?: boolean;
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

/** Every release of a remote the manifest names, with the channel that names it. */
function namedReleases(channels: RemoteChannels): Array<{ channel: string; release: RemoteRelease }> {
  return [
    { channel: 'stable', release: channels.stable },
    ...(channels.canary ? [{ channel: 'canary', release: channels.canary }] : []),
    ...(channels.previous ?? []).map((release) => ({ channel: 'previous', release })),
  ];
}

/**
 * A release the manifest already names, before it takes another channel (the canary promoted, a
 * previous stable rolled back to): its folder still matches what was published, and the manifest's
 * own record of it (what members' browsers have been checking) is the published integrity.
 */
async function checkNamed(options: EnvOptions, remote: RemoteIdentity, release: RemoteRelease, channel: string) {
  const { integrity, problems } = await checkPublishedFiles(options.root, remote, release.version);
  if (integrity && release.integrity !== integrity) {
    problems.push(
      `the ${channel}'s record in the manifest (${release.integrity ?? 'no integrity'}) differs from what was published for ${release.version} (${integrity})`,
    );
  }
  if (problems.length > 0) throw new CheckFailedError(problems);
  if (options.checkUrl) await checkServed(release.entry, release.integrity!);
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
    const disagreeing = namedReleases(channels).filter(
      (named) => named.release.version === version && named.release.integrity !== release.integrity,
    );
    if (disagreeing.length > 0) {
      throw new CheckFailedError(
        disagreeing.map(
          ({ channel }) => `the manifest's ${channel} record of ${version} differs from what was published for it`,
        ),
      );
    }
    const next = { ...channels, canary: { ...release, percent } };
    return {
      next: withChannels(current, remote, next),
      audit: { action: 'canary', remote: remote.pkg, from: describeChannels(channels), to: describeChannels(next) },
    };
  });
}

/** What a webhook is told of a canary's end, but for when and by whom. */
export type EndEvent = Omit<ReleaseEvent, 'at' | 'actor'>;

/** A command that ended a canary: the write, and what the webhook is (or was) told of it. */
export type Ended = Written & { event: EndEvent };

export interface EndOptions {
  /**
   * Written by a canary walk, which ends itself: it tells the webhook (once its state says it is
   * telling it, so that a walk killed meanwhile is never told twice) and lets its own state go
   * (canary-walk.ts). A decision by hand tells the webhook, and ends an orphaned walk of the remote.
   */
  byWalk?: boolean;
}

/** What an automatic rollback's analysis record (canary-walk.ts) says, as far as it can be read. */
const AnalysisGroundsSchema = v.looseObject({
  step: v.optional(v.string()),
  checks: v.optional(v.array(v.looseObject({ check: v.string(), verdict: v.string() }))),
});

function rollbackReason(analysis: unknown): string {
  if (!analysis) return 'Stopped with `release rollback-canary`.';
  const grounds = v.safeParse(AnalysisGroundsSchema, analysis);
  if (!grounds.success) return 'The canary analysis failed.';
  const failed = (grounds.output.checks ?? []).filter((check) => check.verdict === 'fail').map((check) => check.check);
  const step = grounds.output.step ? ` at step ${grounds.output.step}` : '';
  return `The canary analysis failed${step}${failed.length > 0 ? `: ${failed.join(', ')}` : ''}.`;
}

/**
 * What the webhook is told of a canary's end, from the change's audit line (a `promote` or a
 * `rollback-canary`): the canary and its share in `from`, the stable release beside it, and why
 * (a rollback's failed checks, from its analysis). A resumed walk tells an end its killed walk
 * wrote from that line alone.
 */
export function endEvent(entry: Pick<AuditEntry, 'action' | 'remote' | 'from' | 'analysis'>): EndEvent {
  const from = entry.from as { stable?: string; canary: string; percent?: number };
  const promoted = entry.action === 'promote';
  return {
    kind: promoted ? 'promoted' : 'rolled-back',
    remote: entry.remote,
    version: from.canary,
    ...(from.stable ? { stable: from.stable } : {}),
    ...(from.percent === undefined ? {} : { percent: from.percent }),
    reason: promoted
      ? 'The canary is the stable release for every member from their next page load.'
      : rollbackReason(entry.analysis),
  };
}

/**
 * Tells the environment's webhook that a canary ended (notify.ts), once the manifest says so: of
 * the write `made` (its revision, its time, its actor). Whether it went out goes to the audit log
 * (`notified`, or `notify-failed`): a notification never fails the command.
 */
export async function announce(
  options: UpdateOptions,
  made: { revision: number; at: string; actor: string },
  event: EndEvent,
): Promise<void> {
  const outcome = await notifyRelease(options.root, options.env, { ...event, at: made.at, actor: made.actor });
  if (outcome.status === 'not-configured') return;
  await appendAudit(options.root, {
    at: (options.now?.() ?? new Date()).toISOString(),
    actor: options.actor,
    env: options.env,
    action: outcome.status === 'sent' ? 'notified' : 'notify-failed',
    remote: event.remote,
    from: event.kind,
    to: outcome.webhook ?? null,
    revision: made.revision,
    ...(outcome.status === 'failed' ? { error: outcome.error } : {}),
  }).catch((error: unknown) => {
    process.stderr.write(`The audit log did not take the notification's outcome: ${(error as Error).message}\n`);
  });
}

/** The end a command wrote: told to the webhook, and an orphaned walk of the remote ended, unless a walk wrote it. */
async function ended(
  options: EnvOptions,
  remote: RemoteIdentity,
  written: Written,
  event: EndEvent | undefined,
  { byWalk = false }: EndOptions,
): Promise<Ended> {
  if (!event) throw new Error('The write ended no canary.');
  if (!byWalk) {
    const { manifest } = written;
    const at = manifest.updatedAt ?? (options.now?.() ?? new Date()).toISOString();
    await announce(options, { revision: manifest.revision, at, actor: options.actor }, event);
    await forgetOrphanedWalk(options.root, options.env, remote);
  }
  return { ...written, event };
}

/** Makes the running canary the stable release for everyone. */
export async function promote(options: EnvOptions, remote: RemoteIdentity, ends: EndOptions = {}): Promise<Ended> {
  let event: EndEvent | undefined;
  const written = await updateManifest(options, async (current) => {
    const channels = channelsOf(current, remote);
    if (!channels.canary) throw new UsageError(`${remote.pkg} has no canary to promote.`);
    const { percent: _share, ...canaryRelease } = channels.canary;
    // Checked again: the files may have changed since the canary started. What becomes stable is
    // what the canary's members were given, integrity included, never a value read anew.
    await checkNamed(options, remote, canaryRelease, 'canary');
    const next: RemoteChannels = {
      stable: canaryRelease,
      previous: [...(channels.previous ?? []), channels.stable],
    };
    const audit = {
      action: 'promote',
      remote: remote.pkg,
      from: describeChannels(channels),
      to: describeChannels(next),
    };
    event = endEvent(audit);
    return { next: withChannels(current, remote, next), audit };
  });
  return ended(options, remote, written, event, ends);
}

/** Back to the previous stable release; any canary is stopped. */
export async function rollback(options: EnvOptions, remote: RemoteIdentity) {
  const written = await updateManifest(options, async (current) => {
    const channels = channelsOf(current, remote);
    const previous = [...(channels.previous ?? [])];
    const target = previous.pop();
    if (!target) throw new UsageError(`${remote.pkg} has no previous stable release in ${current.environment}.`);
    await checkNamed(options, remote, target, 'previous stable release');
    const next: RemoteChannels = { stable: target, previous };
    return {
      next: withChannels(current, remote, next),
      audit: { action: 'rollback', remote: remote.pkg, from: describeChannels(channels), to: describeChannels(next) },
    };
  });
  await forgetOrphanedWalk(options.root, options.env, remote);
  return written;
}

/**
 * Stops the running canary: every member is back on the stable release from their next page load,
 * which stays as it was. What an automatic canary does the moment its analysis fails; `analysis`
 * is written beside the change in the audit log, and the notification says which checks failed.
 */
export async function rollbackCanary(
  options: EnvOptions,
  remote: RemoteIdentity,
  analysis?: unknown,
  ends: EndOptions = {},
): Promise<Ended> {
  let event: EndEvent | undefined;
  const written = await updateManifest(options, (current) => {
    const channels = channelsOf(current, remote);
    if (!channels.canary) throw new UsageError(`${remote.pkg} has no canary to roll back.`);
    const { canary: _stopped, ...next } = channels;
    const audit = {
      action: 'rollback-canary',
      remote: remote.pkg,
      from: describeChannels(channels),
      to: describeChannels(next),
      ...(analysis ? { analysis } : {}),
    };
    event = endEvent(audit);
    return { next: withChannels(current, remote, next), audit };
  });
  return ended(options, remote, written, event, ends);
}

/** Sets the stable release to a given version (the first release, or a hand-picked one); stops any canary. */
export async function pin(options: EnvOptions, remote: RemoteIdentity, version: string, baseUrl?: string) {
  const written = await updateManifest(options, async (current) => {
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
  await forgetOrphanedWalk(options.root, options.env, remote);
  return written;
}

/** What is wrong with one release the manifest names (its folder gone or changed, its record off). */
export interface ReleaseProblem {
  remote: string;
  channel: string;
  version: string;
  problems: string[];
}

/** A canary walk in progress, as `status` shows it: walking under its owner's lease, or orphaned. */
export function describeWalk(walk: WalkState, now: number) {
  return {
    remote: walk.remote,
    version: walk.version,
    state: leaseLive(walk, now) ? ('walking' as const) : ('orphaned' as const),
    step: `${walk.stepIndex + 1}/${walk.steps.length}`,
    percent: walk.steps[walk.stepIndex]!,
    steps: walk.steps,
    walkStartedAt: walk.walkStartedAt,
    stepStartedAt: walk.stepStartedAt,
    owner: describeOwner(walk.owner),
    ownedSince: walk.ownedSince,
    leaseUntil: walk.leaseUntil,
    stoppedByOwner: walk.status === 'interrupted',
    /** The walk was ending (its promotion or rollback said, maybe written): its resume ends it. */
    ending: walk.intent && walk.intent.action !== 'step' ? walk.intent.action : null,
  };
}

export type WalkSummary = ReturnType<typeof describeWalk>;

/**
 * The environment's manifest, and every version it names checked against what was published: the
 * folder exists, each file has its published digest, and the manifest's integrity is the published
 * one. `problems` is empty when all hold. `walks`: the canary walks in progress, or orphaned.
 */
export async function status(root: string, env: string, now = Date.now()) {
  const manifest = await readManifest(root, env);
  const problems: ReleaseProblem[] = [];
  for (const [name, channels] of Object.entries(manifest.remotes)) {
    let remote: RemoteIdentity;
    try {
      remote = resolveRemote(name);
    } catch {
      problems.push({
        remote: name,
        channel: 'stable',
        version: channels.stable.version,
        problems: ['unknown remote'],
      });
      continue;
    }
    for (const { channel, release } of namedReleases(channels)) {
      const checked = await checkPublishedFiles(root, remote, release.version);
      if (checked.integrity && release.integrity !== checked.integrity) {
        checked.problems.push(
          `the manifest gives ${release.integrity ?? 'no integrity'}, published ${checked.integrity}`,
        );
      }
      if (checked.problems.length > 0) {
        problems.push({ remote: remote.pkg, channel, version: release.version, problems: checked.problems });
      }
    }
  }
  return {
    environment: env,
    revision: manifest.revision,
    updatedAt: manifest.updatedAt ?? null,
    updatedBy: manifest.updatedBy ?? null,
    remotes: Object.fromEntries(
      Object.entries(manifest.remotes).map(([name, channels]) => [name, describeChannels(channels)]),
    ),
    problems,
    walks: (await listWalks(root, env)).map((walk) => describeWalk(walk, now)),
    /** The release controllers running on the deploy root: each resumes an orphaned walk itself. */
    controllers: (await liveControllers(root, now)).map((controller) => ({
      controller: describeOwner(controller),
      everyMs: controller.everyMs,
      since: controller.since,
    })),
  };
}

export async function history(root: string, env: string, remote?: RemoteIdentity): Promise<AuditEntry[]> {
  return (await readAudit(root)).filter(
    (entry) => (entry.env === env || entry.env === null) && (!remote || entry.remote === remote.pkg),
  );
}
