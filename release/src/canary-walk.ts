import { appendAudit, appendReading, type WalkReading } from './audit-log';
import type { Analysis } from './analysis-config';
import { describeCheck, judgeCanary, type Judgement } from './canary-analysis';
import { canary, promote, rollbackCanary, type EnvOptions } from './commands';
import type { RemoteIdentity } from './deploy-layout';
import { readManifest } from './manifest-store';
import { notifyRelease } from './notify';
import { MetricsUnavailableError, type MetricsSource, type Refusals } from './metrics-source';
import { figuresOf, type ReleaseFigures } from './release-figures';

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
}

export type WalkOutcome =
  | { outcome: 'promoted'; judgement: Judgement }
  | { outcome: 'rolled-back'; step: number; judgement: Judgement }
  | { outcome: 'held'; step: number; judgement: Judgement };

/** Someone changed the release manifest while the walk was waiting: it stops, changing nothing more. */
export class WalkInterruptedError extends Error {
  override name = 'WalkInterruptedError';
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
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const clock = options.clock ?? Date.now;
  const log = options.log ?? (() => undefined);
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
  /** Tells the environment's webhook the canary is held (a failure to is said on stderr, never fatal). */
  const notifyHeld = (percent: number, reason: string) =>
    notifyRelease(env.root, env.env, {
      kind: 'held',
      remote: remote.pkg,
      version,
      percent,
      reason,
      at: new Date(clock()).toISOString(),
      actor: env.actor,
    });
  // Every reading of the walk is a look at the same question: each is tested at the walk's
  // confidence divided among them all (canary-analysis.ts).
  const looks = steps.length * Math.ceil((intervalMs + analysis.holdAfterMs) / analysis.checkEveryMs);

  // Pre-flight: the figures can be read, before any member gets the canary.
  const since = await source.mark();
  await source.figures(remote.name, env.env, since);
  const started = clock();
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

  let revision = env.expectedRevision;
  let last: Judgement | undefined;
  for (const [index, percent] of steps.entries()) {
    const step = { percent, index, count: steps.length };
    const manifest = await canary({ ...env, expectedRevision: revision }, remote, version, percent, options.baseUrl);
    revision = manifest.revision;
    const stableVersion = manifest.remotes[remote.name]!.stable.version;
    log(
      `Step ${index + 1}/${steps.length}: ${percent} % of members get ${remote.pkg} ${version} (revision ${revision}).`,
    );
    const stepStarted = clock();
    let waitingNoted = false;
    let failedReadings = 0;
    for (;;) {
      await sleep(analysis.checkEveryMs);
      const current = await readManifest(env.root, env.env);
      if (current.revision !== revision) {
        throw new WalkInterruptedError(
          `The release manifest changed meanwhile (revision ${revision} written, now ${current.revision}): the walk stops here.`,
        );
      }
      const elapsed = clock() - stepStarted;
      let rows: ReleaseFigures[];
      let refusals: Refusals | null;
      try {
        [rows, refusals] = await Promise.all([
          source.figures(remote.name, env.env, since),
          source.refusals?.(since) ?? Promise.resolve(null),
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
        if (then === 'rollback') {
          await rollbackCanary({ ...env, expectedRevision: revision }, remote, record);
          log(`Rolled back: the figures could not be read ${failedReadings} times running.`);
          return { outcome: 'rolled-back', step: percent, judgement: last ?? { verdict: 'insufficient', checks: [] } };
        }
        await decide('hold', percent, record);
        await notifyHeld(percent, `The figures could not be read ${failedReadings} times running.`);
        log(`Held at ${percent} %: the figures could not be read ${failedReadings} times running. Decide by hand.`);
        return { outcome: 'held', step: percent, judgement: last ?? { verdict: 'insufficient', checks: [] } };
      }
      const figures = { canary: figuresOf(rows, version, 'canary'), stable: figuresOf(rows, stableVersion, 'stable') };
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
      if (judgement.verdict === 'fail') {
        await rollbackCanary({ ...env, expectedRevision: revision }, remote, record('rollback'));
        log(`Rolled back: every member gets ${remote.pkg} ${stableVersion} from their next page load.`);
        return { outcome: 'rolled-back', step: percent, judgement };
      }
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
  await promote({ ...env, expectedRevision: revision }, remote);
  log(`Promoted: ${remote.pkg} ${version} is the stable release.`);
  return { outcome: 'promoted', judgement: last! };
}
