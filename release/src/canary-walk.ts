import { setTimeout as delay } from 'node:timers/promises';
import type { ReleaseManifest } from '@loyalty/shared/config';
import { appendAudit, appendReading, type WalkReading } from './audit-log';
import type { Analysis } from './analysis-config';
import { describeCheck, judgeCanary, plannedLooks, seriesReadsOf, type Judgement } from './canary-analysis';
import {
  announce,
  canary,
  describeChannels,
  endEvent,
  promote,
  rollbackCanary,
  type EndEvent,
  type EnvOptions,
} from './commands';
import { resolveRemote, type RemoteIdentity } from './deploy-layout';
import { describeServed, waitForEdge, type EdgeOutcome } from './edge-follow';
import { readManifest } from './manifest-store';
import {
  describeDropped,
  MetricsUnavailableError,
  type Mark,
  type MetricsSource,
  type Refusals,
} from './metrics-source';
import { figuresOf, type ReleaseFigures } from './release-figures';
import { intendedWrite, tellOnce } from './walk-intent';
import { liveControllers } from './walk-controller';
import {
  describeOwner,
  endWalk,
  markOf,
  renewWalk,
  sourceFor,
  storedMark,
  type WalkIntent,
  type WalkState,
} from './walk-state';

export interface WalkOptions {
  env: EnvOptions;
  remote: RemoteIdentity;
  version: string;
  /** Shares of members, in order; the last is usually 100. */
  steps: readonly number[];
  intervalMs: number;
  analysis: Analysis;
  source: MetricsSource;
  baseUrl?: string;
  sleep?: (ms: number) => Promise<void>;
  clock?: () => number;
  log?: (line: string) => void;
  /**
   * The walk's state under its lease, as `claimWalk` gave it (walk-state.ts): renewed at every
   * reading, gone when the walk ends. One with a mark is a walk resumed where it was. Without it,
   * the walk keeps no state.
   */
  state?: WalkState;
  /** Aborted (Ctrl+C): the walk records where it is, leaves the canary at its share, and stops. */
  signal?: AbortSignal;
}

export type WalkOutcome =
  | { outcome: 'promoted'; judgement: Judgement }
  | { outcome: 'rolled-back'; step: number; judgement: Judgement }
  | { outcome: 'held'; step: number; judgement: Judgement };

/** Someone changed the release manifest while the walk was waiting: it stops, changing nothing more. */
export class WalkInterruptedError extends Error {
  override name = 'WalkInterruptedError';
}

/** Its remote is no longer as the walk left it (a decision by hand): the walk is over for good. */
export class WalkSupersededError extends WalkInterruptedError {
  override name = 'WalkSupersededError';
}

/** Stopped by its owner (Ctrl+C): the canary stays at its share, and the state says where to go on from. */
export class WalkStoppedError extends WalkInterruptedError {
  override name = 'WalkStoppedError';
}

/** What the audit log keeps of one reading: the step, the window, the figures, the verdict, the decision. */
function analysisRecord(
  step: { percent: number; index: number; count: number },
  windowMs: number,
  source: MetricsSource,
  judgement: Judgement,
  figures: { canary?: ReleaseFigures; stable?: ReleaseFigures },
  refusals: Refusals | null,
  decision: string,
) {
  return {
    step: `${step.index + 1}/${step.count}`,
    percent: step.percent,
    windowSeconds: Math.round(windowMs / 1000),
    source: source.description,
    verdict: judgement.verdict,
    decision,
    checks: judgement.checks,
    figures,
    ...(refusals ? { refusals } : {}),
  };
}

/** Too many clients refused for their rate: the figures may be starved, so nothing passes on them. */
const starved = (refusals: Refusals | null, maxShare: number) =>
  refusals !== null && refusals.refusedAddresses > maxShare * Math.max(1, refusals.reportingAddresses);

/**
 * Walks a canary through its steps, as Argo Rollouts' analysis does: at each step the canary gets
 * its share of members, then the figures since the walk began are read every `checkEvery` and
 * judged against stable's (canary-analysis.ts, decision 058). Evidence of harm rolls the canary
 * back at once; a step passes only once its whole interval has passed; too little data past the
 * interval waits up to `holdAfter`, then holds (the canary stays at its share, for the release
 * manager to decide). After the last step, the canary is promoted. The figures are read once
 * before anything changes; a reading that fails is retried at the next one, and past
 * `onMetricsUnavailable.retries` failures running the walk rolls back or holds, as the analysis
 * says. Every decision goes to the audit log with the figures behind it.
 */
export async function walkCanary(options: WalkOptions): Promise<WalkOutcome> {
  const { env, remote, version, steps, intervalMs, analysis, source } = options;
  const sleep =
    options.sleep ?? ((ms: number) => delay(ms, undefined, { signal: options.signal }).catch(() => undefined));
  const clock = options.clock ?? Date.now;
  const log = options.log ?? (() => undefined);
  // A walk with a mark began before: it goes on from its step, its figures counting from its start.
  let resumed = options.state?.mark && options.state.walkStartedAt ? options.state : undefined;
  let held = options.state;
  /** Renews the lease, with what changed; LeaseLostError when the walk was taken over. */
  const keep = async (change: Parameters<typeof renewWalk>[4] = {}) => {
    if (held) held = await renewWalk(env.root, remote, held, clock(), change);
  };
  /** The edge's take-up of a write, waited for as `updateManifest` does after its own (manifest-store.ts). */
  const edgeServing = (revision: number) =>
    waitForEdge(env.root, env.env, revision, { ...env.edgeWait, now: () => new Date(clock()), signal: options.signal });
  /** What the edge did with a write, in the walk's log (nothing when the environment names none). */
  const logEdge = (revision: number, edge: EdgeOutcome, ifNotServed = '') => {
    if (edge.status === 'served') log(`  ${describeServed(revision, edge)}`);
    if (edge.status === 'not-served') log(`  ${edge.message}${ifNotServed}`);
  };
  /**
   * A resumed walk that was about to write a step: if the audit log shows the write made, the walk
   * goes on from that step, which counts from when the edge serves it (waited for as after any
   * write), else from the write. Not made: the walk goes on from the step it recorded.
   */
  const settleIntent = async (state: WalkState): Promise<WalkState> => {
    const intent = state.intent!;
    const made = await intendedWrite(env.root, state);
    if (!made) {
      await keep({ intent: null });
      return held!;
    }
    const edge = await edgeServing(made.revision);
    await keep({
      stepIndex: intent.stepIndex,
      stepStartedAt: edge.status === 'served' ? edge.at : made.at,
      revision: made.revision,
      intent: null,
    });
    log(
      `The walk wrote step ${intent.stepIndex + 1}/${steps.length} (${intent.percent} %, revision ${made.revision}) before it stopped: it goes on from there.`,
    );
    logEdge(made.revision, edge, ' The step counts from the write.');
    return held!;
  };
  try {
    const outcome = await walkSteps();
    if (held) await endWalk(env.root, remote, held);
    return outcome;
  } catch (error) {
    // Its remote changed by someone else, or nothing written yet (nor about to be): the walk is
    // over. Stopped (Ctrl+C, another remote's release) or failing as a tool, it stays, to be resumed.
    if (held && (error instanceof WalkSupersededError || (held.revision === null && !held.intent))) {
      await endWalk(env.root, remote, held);
    }
    throw error;
  }

  async function walkSteps(): Promise<WalkOutcome> {
    const decide = (action: 'analysis' | 'hold', percent: number, record: object & { decision: string }) =>
      appendAudit(env.root, {
        at: new Date(clock()).toISOString(),
        actor: env.actor,
        env: env.env,
        action,
        remote: remote.pkg,
        from: { canary: version, percent },
        to: record.decision,
        analysis: record,
      });
    /**
     * Tells the environment's webhook the canary is held at the step the walk last wrote, and the
     * audit log whether it went out, as a promotion or a rollback does (never fatal).
     */
    const notifyHeld = async (percent: number, reason: string) =>
      announce(
        { ...env, now: () => new Date(clock()) },
        {
          revision: revision ?? (await readManifest(env.root, env.env)).revision,
          at: new Date(clock()).toISOString(),
          actor: env.actor,
        },
        { kind: 'held', remote: remote.pkg, version, percent, reason },
      );
    // Every reading of the walk is a look at the same question: each is tested at the walk's
    // confidence divided among them all (canary-analysis.ts).
    const looks = plannedLooks(steps, intervalMs, analysis);
    const reads = seriesReadsOf(analysis.checks);

    /** The remote's channels, if still the walk's canary at `percent`; else the walk is superseded. */
    const asLeft = (manifest: ReleaseManifest, percent: number, then: string) => {
      const channels = manifest.remotes[remote.name];
      if (channels?.canary?.version !== version || channels.canary.percent !== percent) {
        throw new WalkSupersededError(
          `${remote.pkg} in ${env.env} is now ${JSON.stringify(describeChannels(channels))}, not the canary ${version} at ${percent} % the walk left: ${then}.`,
        );
      }
      return channels;
    };

    /**
     * The walk's writes: each returns once the edge serves it (manifest-store.ts), stamped by the
     * walk's clock, and a Ctrl+C cuts that wait short, never the write.
     */
    const writing = (expectedRevision: number | undefined): EnvOptions => ({
      ...env,
      expectedRevision,
      now: () => new Date(clock()),
      signal: options.signal,
    });
    let revision = resumed ? undefined : env.expectedRevision;

    /** The end made (by this walk, or by the one its resume goes on with): said, told once, and the walk's outcome. */
    const finish = async (
      intent: WalkIntent,
      made: { revision: number; at: string; actor: string },
      event: EndEvent,
      edge: EdgeOutcome,
    ): Promise<WalkOutcome> => {
      const grounds = intent.grounds as { verdict?: unknown; failedReadings?: unknown } | undefined;
      log(
        intent.action === 'promote'
          ? `Promoted: ${remote.pkg} ${version} is the stable release.`
          : grounds?.verdict === 'unavailable'
            ? `Rolled back: the figures could not be read ${String(grounds.failedReadings)} times running.`
            : `Rolled back: every member gets ${remote.pkg} ${event.stable} from their next page load.`,
      );
      logEdge(made.revision, edge);
      await tellOnce(writing(revision), intent, made, event, {
        log,
        notifying: () => keep({ intent: { ...intent, notifying: true } }),
      });
      const judgement = intent.judgement ?? { verdict: 'insufficient', checks: [] };
      return intent.action === 'promote'
        ? { outcome: 'promoted', judgement }
        : { outcome: 'rolled-back', step: intent.percent, judgement };
    };

    /**
     * The walk's last write, the promotion or the rollback of its canary, said before it is made as
     * a step's is (decision 062): a walk killed after it, in its wait for the edge or while it
     * tells the webhook, is ended by its resume as it would have ended.
     */
    const end = async (
      action: 'promote' | 'rollback',
      step: { percent: number; index: number },
      judgement: Judgement,
      grounds?: object,
    ): Promise<WalkOutcome> => {
      const after = revision ?? (await readManifest(env.root, env.env)).revision;
      const intent: WalkIntent = {
        action,
        stepIndex: step.index,
        percent: step.percent,
        after,
        actor: env.actor,
        judgement,
        ...(grounds ? { grounds } : {}),
      };
      await keep({ intent });
      const ended = await (
        action === 'promote'
          ? promote(writing(revision), remote, { byWalk: true })
          : rollbackCanary(writing(revision), remote, grounds, { byWalk: true })
      ).catch(async (error: unknown) => {
        // Refused (a check, a conflict): nothing was written, so nothing to end from.
        await keep({ intent: null });
        throw error;
      });
      const { manifest } = ended;
      return finish(
        intent,
        { revision: manifest.revision, at: manifest.updatedAt!, actor: env.actor },
        ended.event,
        ended.edge,
      );
    };

    /**
     * A resumed walk that was about to end. Made, it ends as it would have: the edge waited for, its
     * audit line appended if a kill cut it off, the webhook told once, its outcome; unless its
     * remote changed since (someone else's decision), which ends the walk as any such change does.
     * Not made, a rollback is made now, on its grounds (the figures behind it count from the walk's
     * start, and stand); a promotion is not made on figures read before the stop: the walk reads
     * them again at its last step, whose interval is over, and promotes on a reading that passes.
     * Gives the outcome, or null when the walk goes on.
     */
    const settleEnd = async (state: WalkState): Promise<WalkOutcome | null> => {
      const intent = state.intent!;
      const made = await intendedWrite(env.root, state);
      const manifest = await readManifest(env.root, env.env);
      const canaryAt = `${remote.pkg} ${version} at ${intent.percent} %`;
      if (!made) {
        asLeft(manifest, intent.percent, 'nothing resumed');
        revision = manifest.revision;
        if (intent.action === 'rollback') {
          log(`The walk was about to roll back ${canaryAt} when it stopped: it does so now, on the same grounds.`);
          const step = { percent: intent.percent, index: intent.stepIndex };
          return end('rollback', step, intent.judgement ?? { verdict: 'fail', checks: [] }, intent.grounds as object);
        }
        await keep({ intent: null });
        log(`The walk was about to promote ${canaryAt} when it stopped: it reads the figures again before it does.`);
        return null;
      }
      const entry = made.entry!;
      const done = intent.action === 'promote' ? 'promoted' : 'rolled back';
      const now = describeChannels(manifest.remotes[remote.name]);
      if (JSON.stringify(now) !== JSON.stringify(entry.to)) {
        throw new WalkSupersededError(
          `The walk ${done} ${canaryAt} (revision ${made.revision}) before it stopped, and ${remote.pkg} in ${env.env} is now ${JSON.stringify(now)}: someone changed it since; the walk ends here.`,
        );
      }
      // Killed between the manifest's rename and its audit line: the line is what the write appends.
      if (!made.logged) await appendAudit(env.root, entry);
      log(
        `The walk ${done} ${canaryAt} (revision ${made.revision}) before it stopped: it ends here, as it would have.`,
      );
      const edge = await edgeServing(made.revision);
      return finish(intent, { revision: made.revision, at: made.at, actor: entry.actor }, endEvent(entry), edge);
    };

    if (resumed?.intent?.action === 'step') resumed = await settleIntent(resumed);
    else if (resumed?.intent) {
      const ended = await settleEnd(resumed);
      if (ended) return ended;
      resumed = held!;
    }

    // Pre-flight: the figures can be read, before any member gets the canary (or, resumed,
    // before the walk claims to guard it again). A resumed walk counts from its own start.
    const since: Mark = (resumed && markOf(resumed)) || (await source.mark());
    await source.figures(remote.name, env.env, since, reads);
    const started = resumed ? Date.parse(resumed.walkStartedAt!) : clock();
    if (!resumed) {
      await keep({ status: 'walking', mark: storedMark(since), walkStartedAt: new Date(started).toISOString() });
    }
    const reading = (
      entry: Pick<WalkReading, 'step' | 'percent' | 'stable' | 'verdict' | 'checks'> & Partial<WalkReading>,
    ) =>
      appendReading(env.root, {
        at: new Date(clock()).toISOString(),
        env: env.env,
        remote: remote.pkg,
        version,
        walkStartedAt: new Date(started).toISOString(),
        windowSeconds: Math.round((clock() - started) / 1000),
        ...entry,
      });

    /**
     * Ctrl+C: where the walk is goes to its state, orphaned at once (its owner is known gone), and
     * what happens next is said: a running release controller takes it up; else it waits, unguarded.
     */
    const stopIfAsked = async (index: number) => {
      if (!options.signal?.aborted) return;
      if (index < 0) throw new WalkStoppedError('Stopped before the first step: nothing changed.');
      await keep({ status: 'interrupted', leaseUntil: new Date(clock()).toISOString() });
      const where = `Stopped at step ${index + 1}/${steps.length}: ${remote.pkg} ${version} stays the canary for ${steps[index]} % of members`;
      const [controller] = await liveControllers(env.root, clock()).catch(() => []);
      throw new WalkStoppedError(
        controller
          ? `${where}; ${describeOwner(controller)} runs for this deploy root and resumes the walk within ${Math.ceil(controller.everyMs / 1000)} s. Watch it with: npm run release -- status --env ${env.env}`
          : `${where}, unguarded. Go on with: npm run release -- canary ${remote.pkg} --resume --env ${env.env} (no release controller runs for this deploy root to resume it)`,
      );
    };

    let last: Judgement | undefined;
    for (let index = resumed?.stepIndex ?? 0; index < steps.length; index += 1) {
      const percent = steps[index]!;
      const step = { percent, index, count: steps.length };
      let stepStarted: number;
      let stableVersion: string;
      if (resumed && index === resumed.stepIndex && resumed.revision !== null) {
        // The step's share was written before: the walk goes on only if the remote is still as it left it.
        const manifest = await readManifest(env.root, env.env);
        const channels = asLeft(manifest, percent, 'nothing resumed');
        revision = manifest.revision;
        stableVersion = channels.stable.version;
        stepStarted = Date.parse(resumed.stepStartedAt!);
        log(
          `Resumed at step ${index + 1}/${steps.length}: ${percent} % of members have had ${remote.pkg} ${version} since ${resumed.stepStartedAt}; the walk began at ${resumed.walkStartedAt}.`,
        );
      } else {
        await stopIfAsked(index - 1);
        // Said before it is written: a walk killed before the step is recorded goes on from it.
        const after = revision ?? (await readManifest(env.root, env.env)).revision;
        await keep({ intent: { action: 'step', stepIndex: index, percent, after, actor: env.actor } });
        const written = await canary(writing(revision), remote, version, percent, options.baseUrl).catch(
          async (error: unknown) => {
            // Refused (a check, a conflict): nothing was written, so nothing to go on from.
            await keep({ intent: null });
            throw error;
          },
        );
        const { manifest, edge } = written;
        revision = manifest.revision;
        stableVersion = manifest.remotes[remote.name]!.stable.version;
        // The step's interval counts from when members can get its share: once the edge serves it.
        // An edge that never did in time cannot hold the walk back (the write happened): the step
        // then counts from the write, and the log says so.
        stepStarted = Date.parse(edge.status === 'served' ? edge.at : manifest.updatedAt!);
        await keep({ stepIndex: index, stepStartedAt: new Date(stepStarted).toISOString(), revision, intent: null });
        log(
          `Step ${index + 1}/${steps.length}: ${percent} % of members get ${remote.pkg} ${version} (revision ${revision}).`,
        );
        logEdge(revision, edge, ' The step counts from the write.');
      }
      let waitingNoted = false;
      let failedReadings = 0;
      for (;;) {
        await sleep(analysis.checkEveryMs);
        await stopIfAsked(index);
        await keep();
        const current = await readManifest(env.root, env.env);
        if (current.revision !== revision) {
          const changed = `The release manifest changed meanwhile (revision ${revision} written, now ${current.revision})`;
          asLeft(current, percent, `${changed}: the walk ends here`);
          // Another remote's release: the walk stops, orphaned at once, to be resumed where it was.
          await keep({ status: 'interrupted', leaseUntil: new Date(clock()).toISOString() });
          throw new WalkInterruptedError(
            `${changed}: the walk stops here; ${remote.pkg} is as it left it. Go on with: npm run release -- canary ${remote.pkg} --resume --env ${env.env}`,
          );
        }
        const elapsed = clock() - stepStarted;
        let rows: ReleaseFigures[];
        let refusals: Refusals | null;
        try {
          [rows, refusals] = await Promise.all([
            source.figures(remote.name, env.env, since, reads),
            source.refusals?.(env.env, since) ?? Promise.resolve(null),
          ]);
          failedReadings = 0;
        } catch (error) {
          if (!(error instanceof MetricsUnavailableError)) throw error;
          failedReadings += 1;
          const { retries, then } = analysis.onMetricsUnavailable;
          log(
            `  after ${Math.round(elapsed / 1000)} s: no figures (${failedReadings} of ${retries + 1}): ${error.message}`,
          );
          if (failedReadings <= retries) continue;
          const record = {
            step: `${index + 1}/${steps.length}`,
            percent,
            windowSeconds: Math.round((clock() - started) / 1000),
            source: source.description,
            verdict: 'unavailable',
            decision: then,
            error: error.message,
            failedReadings,
          };
          if (then === 'rollback')
            return end('rollback', step, last ?? { verdict: 'insufficient', checks: [] }, record);
          await decide('hold', percent, record);
          await notifyHeld(percent, `The figures could not be read ${failedReadings} times running.`);
          log(`Held at ${percent} %: the figures could not be read ${failedReadings} times running. Decide by hand.`);
          return { outcome: 'held', step: percent, judgement: last ?? { verdict: 'insufficient', checks: [] } };
        }
        const figures = {
          canary: figuresOf(rows, version, 'canary'),
          stable: figuresOf(rows, stableVersion, 'stable'),
        };
        const judged = judgeCanary(analysis.checks, figures.canary, figures.stable, {
          confidence: analysis.confidence,
          looks,
          minReporters: analysis.minReporters,
          gatheredMs: clock() - started,
        });
        const judgement: Judgement =
          judged.verdict === 'pass' && starved(refusals, analysis.maxRefusedShare)
            ? { ...judged, verdict: 'insufficient' }
            : judged;
        last = judgement;
        await reading({
          step: `${index + 1}/${steps.length}`,
          percent,
          stable: stableVersion,
          verdict: judgement.verdict,
          checks: judgement.checks,
          refusals,
        });
        const record = (decision: string) =>
          analysisRecord(step, clock() - started, source, judgement, figures, refusals, decision);
        log(`  after ${Math.round(elapsed / 1000)} s: ${judgement.verdict}`);
        for (const check of judgement.checks) log(`    ${describeCheck(check)}`);
        if (judgement.reporters && judgement.reporters.canary < judgement.reporters.minimum) {
          log(
            `    the canary's figures come from ${judgement.reporters.canary} address(es), fewer than ${judgement.reporters.minimum}: nothing is decided on them yet`,
          );
        }
        if (refusals && starved(refusals, analysis.maxRefusedShare)) {
          log(
            `    clients refused for their rate: ${refusals.refusedAddresses} of ${refusals.reportingAddresses} reporting: nothing passes on starved figures`,
          );
        }
        const dropped = describeDropped(refusals);
        if (dropped) log(`    ${dropped}`);
        if (judgement.verdict === 'fail') return end('rollback', step, judgement, record('rollback'));
        if (elapsed < intervalMs) continue;
        if (judgement.verdict === 'pass') {
          const lastStep = index === steps.length - 1;
          await decide('analysis', percent, record(lastStep ? 'promote' : 'next step'));
          break;
        }
        if (elapsed >= intervalMs + analysis.holdAfterMs) {
          await decide('hold', percent, record('hold'));
          await notifyHeld(percent, `Too little data after ${Math.round(elapsed / 1000)} s.`);
          log(
            `Held at ${percent} %: too little data after ${Math.round(elapsed / 1000)} s. Decide by hand (promote or rollback-canary).`,
          );
          return { outcome: 'held', step: percent, judgement };
        }
        if (!waitingNoted) {
          await decide('analysis', percent, record('wait'));
          waitingNoted = true;
        }
      }
    }
    return end('promote', { percent: steps.at(-1)!, index: steps.length - 1 }, last!);
  }
}

/**
 * The walk a claimed state describes (walk-state.ts), with the state's own plan: its version,
 * steps, interval, analysis and source. What `--resume` and `release controller` run.
 */
export function walkFromState(
  state: WalkState,
  env: EnvOptions,
  extras: Pick<WalkOptions, 'log' | 'signal' | 'sleep' | 'clock'> & { source?: MetricsSource } = {},
): Promise<WalkOutcome> {
  return walkCanary({
    env: { ...env, env: state.env },
    remote: resolveRemote(state.remote),
    version: state.version,
    steps: state.steps,
    intervalMs: state.intervalMs,
    analysis: state.analysis,
    source: extras.source ?? sourceFor(state.source, state.analysis),
    ...(state.baseUrl ? { baseUrl: state.baseUrl } : {}),
    state,
    ...extras,
  });
}
