import { setTimeout as delay } from 'node:timers/promises';
import { resolveRemote } from './deploy-layout';
import {
  WalkRefusedError,
  claimWalk,
  describeOwner,
  describeStep,
  leaseLive,
  listWalks,
  newOwner,
  walkEnvironments,
  type WalkState,
} from './walk-state';

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
          owner: newOwner(options.actor),
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
  const sleep =
    options.sleep ?? ((ms: number) => delay(ms, undefined, { signal: options.signal }).catch(() => undefined));
  const log = options.log ?? (() => undefined);
  const running = new Map<string, Promise<unknown>>();
  while (!options.signal?.aborted) {
    try {
      await resumeOrphans(options, running);
    } catch (error) {
      // A state that cannot be read is said, and looked at again at the next round.
      log(`The walks of ${options.root} cannot be read: ${(error as Error).message}`);
    }
    await sleep(options.everyMs);
  }
  await Promise.allSettled(running.values());
}
