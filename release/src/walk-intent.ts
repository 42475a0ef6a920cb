import { readAudit } from './audit-log';
import { resolveRemote } from './deploy-layout';
import { readManifest } from './manifest-store';
import type { WalkState } from './walk-state';

/** A write of the manifest: the revision it made, and when. */
export interface MadeWrite {
  revision: number;
  at: string;
}

/**
 * The write a walk's state said it was about to make (its `intent`), if it was made: the first
 * `canary` write in the audit log of the walk's remote in its environment after the revision the
 * walk read, by the walk's actor, giving its version the intended share. A walk killed between its
 * write and recording the step (while it waited for the edge) goes on from that step; any other
 * change (another actor, another share) is someone else's, and the walk meets it as before.
 */
export async function intendedWrite(root: string, state: WalkState): Promise<MadeWrite | null> {
  const intent = state.intent;
  if (!intent) return null;
  const audit = (await readAudit(root)).filter((entry) => entry.env === state.env);
  const made = audit.find(
    (entry) =>
      entry.remote === state.remote &&
      entry.action === 'canary' &&
      entry.actor === intent.actor &&
      (entry.revision ?? 0) > intent.after &&
      isShare(entry.to, state.version, intent.percent),
  );
  if (made) return { revision: made.revision!, at: made.at };
  // Killed after the manifest's rename and before its audit line: the manifest alone says whose
  // its revision is, when it is the walk's share by the walk's actor and the log has no line of it.
  const manifest = await readManifest(root, state.env);
  const canary = manifest.remotes[resolveRemote(state.remote).name]?.canary;
  const unlogged = !audit.some((entry) => entry.revision === manifest.revision);
  return unlogged &&
    manifest.revision > intent.after &&
    manifest.updatedBy === intent.actor &&
    manifest.updatedAt &&
    canary?.version === state.version &&
    canary.percent === intent.percent
    ? { revision: manifest.revision, at: manifest.updatedAt }
    : null;
}

const isShare = (to: unknown, version: string, percent: number) =>
  typeof to === 'object' &&
  to !== null &&
  (to as { canary?: unknown }).canary === version &&
  (to as { percent?: unknown }).percent === percent;
