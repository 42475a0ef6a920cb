import { randomUUID } from 'node:crypto';
import { readdir, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { storedChecks, type Analysis } from './analysis-config';
import type { Judgement } from './canary-analysis';
import { appendAudit } from './audit-log';
import { UsageError, walkStatePath, walksDir, walksRoot, type RemoteIdentity } from './deploy-layout';
import { withLock, writeAtomically } from './manifest-store';
import { PrometheusSource, ReceiverSource, type Mark, type MetricsSource } from './metrics-source';

/**
 * A canary walk's state, beside the manifest (`<root>/manifests/walks/<env>/<remote>.json`), held
 * under a lease its owner renews at every reading: what a walk needs to go on from where it was
 * (decision 062). A walk whose lease ran out is orphaned: its canary stands at its share, unguarded,
 * until someone (or `release controller`) resumes it.
 */

/** Who walks: the release manager's process; `token` tells one claim from the next. */
const WalkOwnerSchema = v.object({
  actor: v.string(),
  host: v.string(),
  pid: v.number(),
  token: v.string(),
  /** A `release controller`, not a person's command: absent from a state an older CLI wrote. */
  controller: v.optional(v.boolean()),
});
export type WalkOwner = v.InferOutput<typeof WalkOwnerSchema>;

/** Where the figures come from, as a resumed walk builds its source again. */
const SourceSpecSchema = v.variant('kind', [
  v.object({ kind: v.literal('prometheus'), url: v.string() }),
  v.object({ kind: v.literal('receiver'), metricsUrls: v.array(v.string()) }),
]);
export type SourceSpec = v.InferOutput<typeof SourceSpecSchema>;

const SampleSchema = v.object({ name: v.string(), labels: v.record(v.string(), v.string()), value: v.number() });

/** The analysis as the walk began with it: a resumed walk judges by the same thresholds. */
const StoredAnalysisSchema = v.pipe(
  v.looseObject({
    windowMs: v.number(),
    checkEveryMs: v.number(),
    holdAfterMs: v.number(),
    scrapeIntervalMs: v.number(),
    confidence: v.number(),
    maxRefusedShare: v.number(),
    onMetricsUnavailable: v.object({ retries: v.number(), then: v.picklist(['rollback', 'hold']) }),
    /** A list of check records; a walk begun before decision 065 stored its four checks by name. */
    checks: v.union([
      v.array(v.looseObject({ name: v.string(), kind: v.picklist(['rate', 'quantile']) })),
      v.looseObject({}),
    ]),
  }),
  v.transform((analysis) => ({ ...analysis, checks: storedChecks(analysis.checks) }) as unknown as Analysis),
);

/**
 * What a walk is about to write (decision 062): a step's share, or its end, the promotion or the
 * rollback of its canary. `after`: the revision read before the write; `actor`: whose write it is.
 * An end carries what the walk's outcome reports (the reading's `judgement`) and, for a rollback,
 * its `grounds` (the analysis record of its audit line, which its notification's reason is read
 * from). `notifying`: the webhook is being told of the end: a walk killed then may have told it,
 * and its resume never tells it again.
 */
const WalkIntentSchema = v.object({
  /** Absent from a state an older CLI wrote, which said only its steps. */
  action: v.optional(v.picklist(['step', 'promote', 'rollback']), 'step'),
  stepIndex: v.number(),
  percent: v.number(),
  after: v.number(),
  actor: v.string(),
  judgement: v.optional(v.custom<Judgement>((value) => typeof value === 'object' && value !== null)),
  grounds: v.optional(v.unknown()),
  notifying: v.optional(v.boolean()),
});
export type WalkIntent = v.InferOutput<typeof WalkIntentSchema>;

const WalkStateSchema = v.object({
  schemaVersion: v.literal(1),
  env: v.string(),
  /** The remote's package name (`mf-points`). */
  remote: v.string(),
  version: v.string(),
  steps: v.array(v.number()),
  intervalMs: v.number(),
  analysisFile: v.nullable(v.string()),
  analysis: StoredAnalysisSchema,
  source: SourceSpecSchema,
  baseUrl: v.nullable(v.string()),
  /** `starting`: claimed, nothing written yet; `interrupted`: its owner stopped it (Ctrl+C). */
  status: v.picklist(['starting', 'walking', 'interrupted']),
  stepIndex: v.number(),
  stepStartedAt: v.nullable(v.string()),
  /** What the figures count from, for the whole walk: set once, kept across resumes. */
  walkStartedAt: v.nullable(v.string()),
  mark: v.nullable(v.object({ at: v.string(), samples: v.optional(v.array(SampleSchema)) })),
  /** The manifest revision the walk last wrote. */
  revision: v.nullable(v.number()),
  /**
   * The write the walk is about to make, set before it and cleared once the walk has recorded it:
   * a walk killed in between (while it waits for the edge, or tells the webhook of its end) is
   * resumed with the write recognised as its own in the audit log or the manifest (walk-intent.ts).
   */
  intent: v.optional(v.nullable(WalkIntentSchema)),
  owner: WalkOwnerSchema,
  /** Since when the present owner holds the walk. */
  ownedSince: v.string(),
  leaseUntil: v.string(),
  updatedAt: v.string(),
});
export type WalkState = v.InferOutput<typeof WalkStateSchema>;

/** A walk of the same remote and environment holds the lease, or was orphaned: nothing was changed. */
export class WalkRefusedError extends Error {
  override name = 'WalkRefusedError';
}

/** Another process took the walk over (`--take-over`): this one stops, changing nothing more. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/**
 * How long a reading's renewal holds the walk: a few readings, so one slow query never orphans
 * it, and at least 30 s.
 */
export const leaseMs = (analysis: Pick<Analysis, 'checkEveryMs'>) => Math.max(3 * analysis.checkEveryMs, 30_000);

export const leaseLive = (state: WalkState, now: number) => Date.parse(state.leaseUntil) > now;

export function newOwner(actor: string, { controller = false } = {}): WalkOwner {
  return { actor, host: hostname(), pid: process.pid, token: randomUUID(), ...(controller ? { controller } : {}) };
}

export const describeOwner = (owner: WalkOwner) =>
  `${owner.controller ? 'the release controller of ' : ''}${owner.actor} on ${owner.host} (pid ${owner.pid})`;

export const describeStep = (state: WalkState) =>
  `step ${state.stepIndex + 1}/${state.steps.length} (${state.steps[state.stepIndex]} %)`;

export function markOf(state: WalkState): Mark | null {
  if (!state.mark) return null;
  return { at: new Date(state.mark.at), ...(state.mark.samples ? { samples: state.mark.samples } : {}) };
}

export function storedMark(mark: Mark): WalkState['mark'] {
  return { at: mark.at.toISOString(), ...(mark.samples ? { samples: mark.samples } : {}) };
}

/** The source a walk reads, from its spec (the CLI's options, or a stored walk's). */
export function sourceFor(spec: SourceSpec, analysis: Analysis): MetricsSource {
  return spec.kind === 'prometheus'
    ? new PrometheusSource(spec.url, undefined, analysis.scrapeIntervalMs)
    : new ReceiverSource(spec.metricsUrls);
}

async function parseWalk(file: string): Promise<WalkState | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = v.safeParse(WalkStateSchema, JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a valid walk state: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

export const readWalk = (root: string, env: string, remote: RemoteIdentity) =>
  parseWalk(walkStatePath(root, env, remote));

/** Every walk of the environment, orphaned or not. */
export async function listWalks(root: string, env: string): Promise<WalkState[]> {
  let names: string[];
  try {
    names = await readdir(walksDir(root, env));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const walks = await Promise.all(
    names.filter((name) => name.endsWith('.json')).map((name) => parseWalk(path.join(walksDir(root, env), name))),
  );
  return walks.filter((walk): walk is WalkState => walk !== null);
}

/** The environments with walk states in the deploy root. */
export async function walkEnvironments(root: string): Promise<string[]> {
  try {
    return (await readdir(walksRoot(root), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const writeWalk = (root: string, remote: RemoteIdentity, state: WalkState) =>
  writeAtomically(walkStatePath(root, state.env, remote), `${JSON.stringify(v.parse(WalkStateSchema, state))}\n`);

/** A new walk's state, before anything is written: `claimWalk` gives it its owner and lease. */
export type WalkPlan = Pick<
  WalkState,
  'version' | 'steps' | 'intervalMs' | 'analysisFile' | 'analysis' | 'source' | 'baseUrl'
>;

export interface ClaimOptions {
  root: string;
  env: string;
  remote: RemoteIdentity;
  owner: WalkOwner;
  now: number;
  /** Go on with the stored walk (`--resume`); else start the plan's walk. */
  resume: boolean;
  /** Take a live walk's lease (`--take-over`), or start over an orphaned one. */
  takeOver: boolean;
  /** The walk to start; with `resume`, what the caller asked for, which must be the stored walk's. */
  plan?: Partial<WalkPlan>;
}

function refusal(state: WalkState, now: number): string {
  const walk = `A walk of ${state.remote} ${state.version} in ${state.env} (${describeStep(state)})`;
  if (leaseLive(state, now) && state.owner.controller) {
    // What a release manager meets after a Ctrl+C when a controller took the walk up: not theirs to resume.
    return `${walk} is walked by ${describeOwner(state.owner)}, which resumed it at ${state.ownedSince}: there is nothing to resume. Watch it with: npm run release -- status --env ${state.env}. Nothing changed; --take-over takes it back from the controller.`;
  }
  if (leaseLive(state, now)) {
    return `${walk} is running: ${describeOwner(state.owner)} holds it since ${state.ownedSince}, its lease until ${state.leaseUntil}. Nothing changed; --take-over takes it over.`;
  }
  return `${walk} was orphaned: ${describeOwner(state.owner)} held it since ${state.ownedSince}, its lease ran out at ${state.leaseUntil}. Nothing changed; --resume goes on from where it was, --take-over starts over.`;
}

/** With `--resume`, whatever the caller named must be the stored walk's: a resume changes nothing of its plan. */
function checkSamePlan(state: WalkState, plan: Partial<WalkPlan>) {
  const differing = (['version', 'steps', 'intervalMs'] as const).filter(
    (key) => plan[key] !== undefined && JSON.stringify(plan[key]) !== JSON.stringify(state[key]),
  );
  if (differing.length > 0) {
    throw new UsageError(
      `The walk of ${state.remote} in ${state.env} is of ${state.version}, steps ${state.steps.join(',')}, interval ${state.intervalMs / 1000} s: --resume goes on with them (${differing.join(', ')} differ).`,
    );
  }
}

/**
 * Takes the walk of `remote` in `env` under its lease, under the manifest's kind of lock so two
 * claims never both win: a new walk where there is none; the stored one with `resume`; a live
 * walk's lease, or an orphaned walk started over, only with `takeOver`. A resume or take-over is
 * written to the audit log. Refusals change nothing.
 */
export async function claimWalk(options: ClaimOptions): Promise<WalkState> {
  const { root, env, remote, owner, now, resume, takeOver, plan = {} } = options;
  const file = walkStatePath(root, env, remote);
  return withLock(file, async () => {
    const existing = await parseWalk(file);
    const at = new Date(now).toISOString();
    if (existing && !takeOver && (leaseLive(existing, now) || !resume)) {
      throw new WalkRefusedError(refusal(existing, now));
    }
    let next: WalkState;
    if (resume) {
      if (!existing) throw new UsageError(`No walk of ${remote.pkg} in ${env} to resume.`);
      checkSamePlan(existing, plan);
      next = { ...existing, status: existing.revision === null && !existing.intent ? 'starting' : 'walking' };
    } else {
      const { version, steps, intervalMs, analysis, source } = plan;
      if (!version || !steps || !intervalMs || !analysis || !source) throw new Error('A new walk needs its plan.');
      next = {
        schemaVersion: 1,
        env,
        remote: remote.pkg,
        version,
        steps,
        intervalMs,
        analysisFile: plan.analysisFile ?? null,
        analysis,
        source,
        baseUrl: plan.baseUrl ?? null,
        status: 'starting',
        stepIndex: 0,
        stepStartedAt: null,
        walkStartedAt: null,
        mark: null,
        revision: null,
        owner,
        ownedSince: at,
        leaseUntil: at,
        updatedAt: at,
      };
    }
    next = {
      ...next,
      owner,
      ownedSince: at,
      leaseUntil: new Date(now + leaseMs(next.analysis)).toISOString(),
      updatedAt: at,
    };
    await writeWalk(root, remote, next);
    if (existing) {
      await appendAudit(root, {
        at,
        actor: owner.actor,
        env,
        action: resume ? 'walk-resumed' : 'walk-taken-over',
        remote: remote.pkg,
        from: { owner: describeOwner(existing.owner), version: existing.version, step: describeStep(existing) },
        to: { owner: describeOwner(owner), version: next.version, step: describeStep(next) },
      });
    }
    return next;
  });
}

/**
 * The owner's write: `change` applied and the lease renewed (`leaseUntil` given, or a lease from
 * now). Throws LeaseLostError when another owner holds the walk now.
 */
export async function renewWalk(
  root: string,
  remote: RemoteIdentity,
  held: WalkState,
  now: number,
  change: Partial<
    Pick<
      WalkState,
      'status' | 'stepIndex' | 'stepStartedAt' | 'walkStartedAt' | 'mark' | 'revision' | 'intent' | 'leaseUntil'
    >
  > = {},
): Promise<WalkState> {
  const file = walkStatePath(root, held.env, remote);
  return withLock(file, async () => {
    const current = await parseWalk(file);
    if (current?.owner.token !== held.owner.token) {
      throw new LeaseLostError(
        current
          ? `${describeOwner(current.owner)} took the walk of ${remote.pkg} over at ${current.ownedSince}: this one stops here.`
          : `The walk of ${remote.pkg} in ${held.env} is no longer recorded: this one stops here.`,
      );
    }
    const next: WalkState = {
      ...current,
      leaseUntil: new Date(now + leaseMs(current.analysis)).toISOString(),
      ...change,
      updatedAt: new Date(now).toISOString(),
    };
    await writeWalk(root, remote, next);
    return next;
  });
}

/** The walk ended (promoted, rolled back, held, or stopped by a change of someone else's): its state goes, if still its owner's. */
export async function endWalk(root: string, remote: RemoteIdentity, held: WalkState): Promise<void> {
  const file = walkStatePath(root, held.env, remote);
  await withLock(file, async () => {
    const current = await parseWalk(file);
    if (current?.owner.token === held.owner.token) await unlink(file).catch(() => undefined);
  });
}

/**
 * A decision by hand (promote, rollback, rollback-canary, pin) ends an orphaned walk of the remote:
 * there is nothing left for it to guard. A live walk sees the change itself and stops.
 */
export async function forgetOrphanedWalk(root: string, env: string, remote: RemoteIdentity, now = Date.now()) {
  const file = walkStatePath(root, env, remote);
  await withLock(file, async () => {
    const current = await parseWalk(file);
    if (current && !leaseLive(current, now)) await unlink(file).catch(() => undefined);
  });
}
