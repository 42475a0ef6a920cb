import type { RemoteChannels } from '@loyalty/shared/config';
import { appendAudit, readAudit, type AuditEntry } from './audit-log';
import { announce, type EndEvent, type EnvOptions } from './commands';
import { resolveRemote } from './deploy-layout';
import { readManifest } from './manifest-store';
import type { WalkIntent, WalkState } from './walk-state';

/** A write of the manifest: the revision it made, and when. */
export interface MadeWrite {
  revision: number;
  at: string;
  /**
   * An end's audit line (a promotion's, a rollback's): as logged, or, when a kill cut it off, the
   * line the write would have appended (`logged: false`), for the resume to append.
   */
  entry?: AuditEntry;
  logged: boolean;
}

/** The audit action each intended write appends. */
const ACTION = { step: 'canary', promote: 'promote', rollback: 'rollback-canary' } as const;

interface Shown {
  stable?: unknown;
  canary?: unknown;
  percent?: unknown;
}
const shown = (value: unknown): Shown => (typeof value === 'object' && value !== null ? value : {});

/**
 * Whether a remote's channels after a write (its audit line's `to`) are what the intent meant: the
 * step's share of the walk's version; the version stable with no canary; no canary, stable not
 * the walk's version.
 */
function result(intent: WalkIntent, version: string, to: Shown): boolean {
  switch (intent.action) {
    case 'step':
      return to.canary === version && to.percent === intent.percent;
    case 'promote':
      return to.stable === version && to.canary === undefined;
    case 'rollback':
      return to.stable !== version && to.canary === undefined;
  }
}

/** An end's audit line ended the walk's canary at its share (its `from`); a step's need not. */
const endedTheCanary = (intent: WalkIntent, version: string, from: Shown) =>
  intent.action === 'step' || (from.canary === version && from.percent === intent.percent);

/**
 * The audit line a promotion or rollback of the walk's canary appends, for a write whose line a
 * kill cut off: its `from` is the canary at the intended share beside the stable release it
 * replaced (promoted) or kept (rolled back); the rollback's analysis is its intent's grounds.
 */
function endLine(
  state: WalkState,
  intent: WalkIntent,
  channels: RemoteChannels,
  revision: number,
  at: string,
): AuditEntry {
  const stable = intent.action === 'promote' ? channels.previous?.at(-1)?.version : channels.stable.version;
  return {
    at,
    actor: intent.actor,
    env: state.env,
    action: ACTION[intent.action],
    remote: state.remote,
    from: { stable, canary: state.version, percent: intent.percent },
    to: { stable: channels.stable.version },
    revision,
    ...(intent.grounds ? { analysis: intent.grounds } : {}),
  };
}

/**
 * The write a walk's state said it was about to make (its `intent`), if it was made: the first
 * line in the audit log of the walk's remote in its environment after the revision the walk read,
 * by the walk's actor, of the intended action (`canary`, `promote`, `rollback-canary`) with the
 * intended result. A walk killed between its write and recording it (while it waited for the edge,
 * or told the webhook) goes on from there; any other change (another actor, another share) is
 * someone else's, and the walk meets it as before.
 */
export async function intendedWrite(root: string, state: WalkState): Promise<MadeWrite | null> {
  const intent = state.intent;
  if (!intent) return null;
  const audit = (await readAudit(root)).filter((entry) => entry.env === state.env);
  const made = audit.find(
    (entry) =>
      entry.remote === state.remote &&
      entry.action === ACTION[intent.action] &&
      entry.actor === intent.actor &&
      (entry.revision ?? 0) > intent.after &&
      endedTheCanary(intent, state.version, shown(entry.from)) &&
      result(intent, state.version, shown(entry.to)),
  );
  if (made) {
    return {
      revision: made.revision!,
      at: made.at,
      logged: true,
      ...(intent.action === 'step' ? {} : { entry: made }),
    };
  }
  // Killed after the manifest's rename and before its audit line: the manifest alone says whose
  // its revision is, when it is the intended result by the walk's actor and the log has no line of it.
  const manifest = await readManifest(root, state.env);
  const channels = manifest.remotes[resolveRemote(state.remote).name];
  const unlogged = !audit.some((entry) => entry.revision === manifest.revision);
  if (
    !unlogged ||
    !channels ||
    manifest.revision <= intent.after ||
    manifest.updatedBy !== intent.actor ||
    !manifest.updatedAt ||
    !result(intent, state.version, {
      stable: channels.stable.version,
      canary: channels.canary?.version,
      percent: channels.canary?.percent,
    })
  ) {
    return null;
  }
  const { revision, updatedAt: at } = manifest;
  return intent.action === 'step'
    ? { revision, at, logged: false }
    : { revision, at, logged: false, entry: endLine(state, intent, channels, revision, at) };
}

/**
 * Tells the environment's webhook of a walk's end made, once. A notification cannot be taken back,
 * and a webhook cannot tell a repeat: it is not posted again when the audit log shows it was
 * (`notified`, or `notify-failed`: a walk never stopped would not have tried twice either), nor
 * when the walk's state says a post began (`notifying`, set just before it): a walk killed in its
 * post may have told it, and its resume says so instead, in its log and in the audit log.
 */
export async function tellOnce(
  options: EnvOptions,
  intent: WalkIntent,
  made: { revision: number; at: string; actor: string },
  event: EndEvent,
  walk: { log: (line: string) => void; notifying: () => Promise<void> },
): Promise<void> {
  const end = intent.action === 'promote' ? 'promotion' : 'rollback';
  const told = (await readAudit(options.root)).some(
    (entry) =>
      entry.env === options.env &&
      entry.remote === event.remote &&
      entry.revision === made.revision &&
      (entry.action === 'notified' || entry.action === 'notify-failed'),
  );
  if (told) {
    walk.log(
      `  The audit log shows the webhook told of the ${end} (or failing to be) before the walk stopped: it is not told again.`,
    );
    return;
  }
  if (!intent.notifying) {
    await walk.notifying();
    await announce(options, made, event);
    return;
  }
  const unknown = `The walk stopped while it told the webhook of the ${end}: it is not told again, since the message may have gone out.`;
  walk.log(`  ${unknown}`);
  await appendAudit(options.root, {
    at: (options.now?.() ?? new Date()).toISOString(),
    actor: options.actor,
    env: options.env,
    action: 'notify-unknown',
    remote: event.remote,
    from: event.kind,
    to: null,
    revision: made.revision,
    error: unknown,
  });
}
