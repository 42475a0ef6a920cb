import { readdir, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import * as v from 'valibot';
import { controllersDir, resolveRemote } from './deploy-layout';
import { writeAtomically } from './manifest-store';
import {
  WalkRefusedError,
  claimWalk,
  describeOwner,
  describeStep,
  leaseLive,
  listWalks,
  newOwner,
  walkEnvironments,
  type WalkOwner,
  type WalkState,
} from './walk-state';

/**
 * A running controller's heartbeat, one file each in `<root>/manifests/controllers/`, renewed at
 * every round: how a walk stopped by Ctrl+C knows whether a controller will take it up, and so
 * what to tell its release manager (decision 062).
 */
const HeartbeatSchema = v.object({
  actor: v.string(),
  host: v.string(),
  pid: v.number(),
  token: v.string(),
  controller: v.optional(v.boolean()),
  everyMs: v.number(),
  since: v.string(),
  until: v.string(),
});
export type ControllerHeartbeat = v.InferOutput<typeof HeartbeatSchema>;

/** A few rounds: one slow round never hides a running controller. */
const heartbeatMs = (everyMs: number) => Math.max(3 * everyMs, 10_000);

const heartbeatPath = (root: string, owner: WalkOwner) => path.join(controllersDir(root), `${owner.token}.json`);

/**
 * The controllers whose heartbeat is live at `now`, but this process's own: a walk the controller
 * runs stops on the controller's own signal, and nothing of this process will resume it.
 */
export async function liveControllers(root: string, now: number): Promise<ControllerHeartbeat[]> {
  let names: string[];
  try {
    names = await readdir(controllersDir(root));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const beats = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => {
        // One that went between the listing and the read, or is not a heartbeat, is none.
        try {
          const text = await readFile(path.join(controllersDir(root), name), 'utf8');
          const parsed = v.safeParse(HeartbeatSchema, JSON.parse(text));
          return parsed.success ? parsed.output : null;
        } catch {
          return null;
        }
      }),
  );
  return beats.filter(
    (beat): beat is ControllerHeartbeat =>
      beat !== null && Date.parse(beat.until) > now && !(beat.host === hostname() && beat.pid === process.pid),
  );
}

export interface ControllerOptions {
  root: string;
  actor: string;
  /** How often it looks for orphaned walks. */
  everyMs: number;
  /** Runs a walk the controller claimed to its end (`walkFromState`, canary-walk.ts). */
  run: (state: WalkState) => Promise<unknown>;
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Aborted: it stops looking, and waits for the walks it runs (which stop on the same signal). */
  signal?: AbortSignal;
  log?: (line: string) => void;
}

/**
 * One look: every walk of the deploy root whose lease ran out, and that this controller does not
 * run already, is claimed (`--resume`, under the lease's lock, so a release manager resuming it
 * at the same moment wins or loses whole) and run. Gives the walks it started.
 */
export async function resumeOrphans(
  options: Omit<ControllerOptions, 'everyMs' | 'sleep' | 'signal'>,
  running: Map<string, Promise<unknown>>,
): Promise<WalkState[]> {
  const clock = options.clock ?? Date.now;
  const log = options.log ?? (() => undefined);
  const started: WalkState[] = [];
  for (const env of await walkEnvironments(options.root)) {
    for (const orphan of await listWalks(options.root, env)) {
      const key = `${env}/${orphan.remote}`;
      if (running.has(key) || leaseLive(orphan, clock())) continue;
      let claimed: WalkState;
      try {
        claimed = await claimWalk({
          root: options.root,
          env,
          remote: resolveRemote(orphan.remote),
          owner: newOwner(options.actor, { controller: true }),
          now: clock(),
          resume: true,
          takeOver: false,
        });
      } catch (error) {
        if (error instanceof WalkRefusedError) continue; // someone resumed it first
        throw error;
      }
      log(
        `Resuming the walk of ${orphan.remote} ${orphan.version} in ${env} at ${describeStep(orphan)}, orphaned by ${describeOwner(orphan.owner)} (lease ran out at ${orphan.leaseUntil}).`,
      );
      started.push(claimed);
      running.set(
        key,
        options
          .run(claimed)
          .then(
            (outcome) => log(`${key}: ${JSON.stringify(outcome)}`),
            (error: unknown) => log(`${key}: ${(error as Error).message}`),
          )
          .finally(() => running.delete(key)),
      );
    }
  }
  return started;
}

/**
 * `release controller`: looks for orphaned walks every `everyMs` and resumes them itself, so a
 * walk started by any release manager stays guarded when its terminal goes away (decision 062).
 */
export async function controlWalks(options: ControllerOptions): Promise<void> {
  const clock = options.clock ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => delay(ms, undefined, { signal: options.signal }).catch(() => undefined));
  const log = options.log ?? (() => undefined);
  const running = new Map<string, Promise<unknown>>();
  const me = newOwner(options.actor, { controller: true });
  const since = new Date(clock()).toISOString();
  const beat = () =>
    writeAtomically(
      heartbeatPath(options.root, me),
      `${JSON.stringify({ ...me, everyMs: options.everyMs, since, until: new Date(clock() + heartbeatMs(options.everyMs)).toISOString() })}\n`,
    );
  try {
    while (!options.signal?.aborted) {
      await beat().catch((error: unknown) =>
        log(`The controller's heartbeat cannot be written: ${(error as Error).message}`),
      );
      try {
        await resumeOrphans(options, running);
      } catch (error) {
        // A state that cannot be read is said, and looked at again at the next round.
        log(`The walks of ${options.root} cannot be read: ${(error as Error).message}`);
      }
      await sleep(options.everyMs);
    }
  } finally {
    // Gone before its walks have stopped: a walk stopped meanwhile is not told this one takes it.
    await unlink(heartbeatPath(options.root, me)).catch(() => undefined);
  }
  await Promise.allSettled(running.values());
}
