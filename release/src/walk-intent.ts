import { readAudit, type AuditEntry } from './audit-log';
import type { WalkState } from './walk-state';

/** A write of the manifest the audit log keeps: its revision is always there. */
export type MadeWrite = AuditEntry & { revision: number };

/**
 * The write a walk's state said it was about to make (its `intent`), if the audit log shows it
 * made: the first `canary` write of the walk's remote in its environment after the revision the
 * walk read, by the walk's actor, giving its version the intended share. A walk killed between its
 * write and recording the step (while it waited for the edge) goes on from that step; any other
 * change (another actor, another share) is someone else's, and the walk meets it as before.
 */
export async function intendedWrite(root: string, state: WalkState): Promise<MadeWrite | null> {
  const intent = state.intent;
  if (!intent) return null;
  const made = (await readAudit(root)).find(
    (entry): entry is MadeWrite =>
      entry.env === state.env &&
      entry.remote === state.remote &&
      entry.action === 'canary' &&
      entry.actor === intent.actor &&
      typeof entry.revision === 'number' &&
      entry.revision > intent.after &&
      isShare(entry.to, state.version, intent.percent),
  );
  return made ?? null;
}

const isShare = (to: unknown, version: string, percent: number) =>
  typeof to === 'object' &&
  to !== null &&
  (to as { canary?: unknown }).canary === version &&
  (to as { percent?: unknown }).percent === percent;
