// `npm run release -- <command>`: per-remote releases on a deploy root (see release/README.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { currentActor } from './actor';
import apps from '../../scripts/lib/apps.cjs';
import { loadAnalysis, parseDuration, type Analysis } from './analysis-config';
import { describeCheck, type RecordedCheckResult } from './canary-analysis';
import { WalkInterruptedError, walkFromState } from './canary-walk';
import {
  canary,
  history,
  pin,
  promote,
  rollback,
  rollbackCanary,
  status,
  type EnvOptions,
  type WalkSummary,
} from './commands';
import { CheckFailedError, UsageError, resolveRemote } from './deploy-layout';
import { describeServed } from './edge-follow';
import { RevisionConflictError, type Written } from './manifest-store';
import { MetricsUnavailableError, type MetricsSource } from './metrics-source';
import { PublishRefusedError, publish } from './publish';
import { formatHealth, releaseHealth } from './release-health';
import { controlWalks } from './walk-controller';
import {
  LeaseLostError,
  WalkRefusedError,
  claimWalk,
  newOwner,
  sourceFor,
  type SourceSpec,
  type WalkState,
} from './walk-state';
import { writeReleasePage } from './release-page';
import { stopOnSignals } from './stop-signals';

const USAGE = `Usage: npm run release -- <command> [options]

Commands
  publish <remote> [--from <dir>]                 copy a build to <root>/<remote>/<version>/
  pin <remote> <version>                          make <version> the stable release
  canary <remote> <version> --percent <N>         give <version> to N % of members
  canary <remote> <version> --steps 5,25,50,100 --interval 10m
                                                  an automatic canary: each step judged by members'
                                                  experience, then promoted, or rolled back at once;
                                                  refused while another walk of <remote> runs or
                                                  was orphaned (--take-over, --resume)
  canary <remote> --resume                        go on with an orphaned walk where it was
  promote <remote>                                make the canary the stable release
  rollback <remote>                               back to the previous stable release
  rollback-canary <remote>                        stop the canary: everyone back on stable
  health <remote> [--window 1h]                   what members experience of each release
  status                                          what each remote serves in the environment,
                                                  whether every version named is as published, and
                                                  the walks in progress or orphaned
  controller [--every 5s]                         a service: resumes every orphaned walk of the
                                                  deploy root's environments itself
  history [<remote>]                              the audit log of the environment
  page [<remote>] [--out <file.html>]             the canary walks drawn on one self-contained page
                                                  (default <root>/manifests/<env>.release-page.html)

Options
  --root <dir>            deploy root (default ./deploy)
  --env <name>            environment (default production)
  --base-url <url>        where browsers fetch <remote>'s versions (default: its preview origin)
  --if-revision <N>       write only if the manifest is still at revision N
  --shell-manifest <file> the shell's mf-manifest.json to check shared versions against
  --check-url             also fetch the candidate from its URL (manifest loads, entry intact)
  --analysis <file>       minimum samples and thresholds (default release/analysis.json)
  --prometheus <url>      read the figures from Prometheus (or PROMETHEUS_URL, or the analysis file)
  --metrics-url <url>     without Prometheus: a receiver's /metrics (repeat for several; default
                          the receiver of this machine's ports table)
  --resume                continue the remote's orphaned walk: its step, its figures' start, its plan
  --take-over             take a running walk's lease, or start an orphaned walk over
  --json                  machine-readable output

Exit codes: 0 done (promoted, healthy), 1 failed (the tool, or status: not as published), 2 usage, 3 held,
4 interrupted (Ctrl+C, or the manifest changed by someone else), 5 rolled back (or health: the
canary fails), 6 refused: another walk of the remote holds its lease, or was orphaned`;

const parsed = parseArgs({
  allowPositionals: true,
  options: {
    root: { type: 'string', default: 'deploy' },
    env: { type: 'string', default: 'production' },
    from: { type: 'string' },
    percent: { type: 'string' },
    'base-url': { type: 'string' },
    'if-revision': { type: 'string' },
    'shell-manifest': { type: 'string' },
    json: { type: 'boolean', default: false },
    'check-url': { type: 'boolean', default: false },
    steps: { type: 'string' },
    interval: { type: 'string' },
    window: { type: 'string' },
    analysis: { type: 'string' },
    prometheus: { type: 'string' },
    'metrics-url': { type: 'string', multiple: true },
    resume: { type: 'boolean', default: false },
    'take-over': { type: 'boolean', default: false },
    every: { type: 'string', default: '5s' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const { values } = parsed;
const [command, ...args] = parsed.positionals;

/** What a walk's end is to a script: each outcome its own code, apart from the tool's failures (1). */
const WALK_EXIT_CODES = { promoted: 0, held: 3, 'rolled-back': 5 } as const;

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`Missing ${what}.\n\n${USAGE}`);
  return value;
}

/** Where the figures come from: Prometheus when one is named, else the receivers' own /metrics. */
function sourceSpec(analysis: Analysis): SourceSpec {
  const prometheus = values.prometheus ?? process.env.PROMETHEUS_URL ?? analysis.prometheus;
  if (prometheus) return { kind: 'prometheus', url: prometheus };
  const urls = values['metrics-url']?.length ? values['metrics-url'] : [`${apps.telemetryOrigin()}/metrics`];
  return { kind: 'receiver', metricsUrls: urls };
}

const metricsSource = (analysis: Analysis): MetricsSource => sourceFor(sourceSpec(analysis), analysis);

/**
 * A walk's lines in `status`: its step and owner, or that it was orphaned and how it goes on: by
 * the running release `controller` (described), else by a `--resume`.
 */
function describeWalkLine(walk: WalkSummary, controller?: { controller: string; everyMs: number }): string {
  const step = `step ${walk.step} (${walk.percent} %) since ${walk.stepStartedAt ?? 'not yet'}, walk begun ${walk.walkStartedAt ?? 'not yet'}`;
  return walk.state === 'walking'
    ? `    walk of ${walk.version}: ${step}; ${walk.owner} since ${walk.ownedSince}, lease until ${walk.leaseUntil}`
    : `    walk of ${walk.version} ORPHANED${walk.ending ? ` while ${walk.ending === 'promote' ? 'promoting' : 'rolling back'}` : ''}: ${step}; lease of ${walk.owner} ran out at ${walk.leaseUntil}${walk.stoppedByOwner ? ' (stopped by its owner)' : ''}${controller ? `; ${controller.controller} resumes it within ${Math.ceil(controller.everyMs / 1000)} s.` : `. ${walk.ending ? 'End it' : 'Go on'} with: npm run release -- canary ${walk.remote} --resume`}`;
}

/** `--steps 5,25,50,100`: shares from 1 to 100, rising. */
function parseSteps(text: string): number[] {
  const steps = text.split(',').map((step) => Number(step.trim()));
  const valid = steps.every(
    (step, index) => Number.isFinite(step) && step > 0 && step <= 100 && (index === 0 || step > steps[index - 1]!),
  );
  if (!valid) throw new UsageError(`--steps must be rising shares from 1 to 100, such as 5,25,50,100; not "${text}".`);
  return steps;
}

/** An automatic decision's figures under its line in `history`. */
function describeAnalysis(analysis: unknown): string {
  const record = analysis as { verdict?: string; windowSeconds?: number; checks?: RecordedCheckResult[] } | undefined;
  if (!record?.checks) return '';
  return [
    `\n    ${record.verdict} after ${record.windowSeconds} s:`,
    ...record.checks.map((check) => `\n      ${describeCheck(check)}`),
  ].join('');
}

function print(human: string, data: unknown) {
  console.log(values.json ? JSON.stringify(data, null, 2) : human);
}

/** Whether the environment's edge took the write up (the write waited for it): said either way. */
function sayEdge({ manifest, edge }: Written) {
  if (edge.status === 'served' && !values.json) console.log(describeServed(manifest.revision, edge));
  if (edge.status === 'not-served') console.error(edge.message);
}

async function main() {
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (!/^[a-z0-9][a-z0-9-]*$/.test(values.env)) throw new UsageError(`Invalid environment name "${values.env}".`);
  const root = path.resolve(values.root);
  const options: EnvOptions = {
    root,
    env: values.env,
    actor: currentActor(),
    expectedRevision: values['if-revision'] === undefined ? undefined : Number(values['if-revision']),
    shellManifest: values['shell-manifest'],
    checkUrl: values['check-url'],
  };
  const baseUrl = values['base-url'];

  switch (command) {
    case 'publish': {
      const record = await publish({
        root,
        remote: resolveRemote(need(args[0], '<remote>')),
        actor: options.actor,
        from: values.from,
      });
      print(`Published ${record.remote} ${record.version} (${record.integrity})`, record);
      return;
    }
    case 'pin': {
      const remote = resolveRemote(need(args[0], '<remote>'));
      const written = await pin(options, remote, need(args[1], '<version>'), baseUrl);
      const { manifest } = written;
      print(`${remote.pkg} ${args[1]} is stable in ${values.env} (revision ${manifest.revision})`, manifest);
      sayEdge(written);
      return;
    }
    case 'canary': {
      const remote = resolveRemote(need(args[0], '<remote>'));
      if (values.steps || values.resume) {
        // From the claim on, a Ctrl+C is the walk's to handle: it stops where it is, exit 4.
        const signal = stopOnSignals();
        let state: WalkState;
        const claim = { root, env: values.env, remote, owner: newOwner(options.actor), now: Date.now() };
        if (values.resume) {
          // What is named must be the stored walk's (checked in claimWalk); the rest comes from it.
          state = await claimWalk({
            ...claim,
            resume: true,
            takeOver: values['take-over'],
            plan: {
              ...(args[1] ? { version: args[1] } : {}),
              ...(values.steps ? { steps: parseSteps(values.steps) } : {}),
              ...(values.interval ? { intervalMs: parseDuration(values.interval, '--interval') } : {}),
            },
          });
        } else {
          const analysis = await loadAnalysis(values.analysis);
          state = await claimWalk({
            ...claim,
            resume: false,
            takeOver: values['take-over'],
            plan: {
              version: need(args[1], '<version>'),
              steps: parseSteps(values.steps!),
              intervalMs: parseDuration(need(values.interval, '--interval'), '--interval'),
              analysisFile: values.analysis ? path.resolve(values.analysis) : null,
              analysis,
              source: sourceSpec(analysis),
              baseUrl: baseUrl ?? null,
            },
          });
        }
        const result = await walkFromState(state, options, {
          log: values.json ? undefined : (line) => console.log(line),
          signal,
        });
        if (values.json) console.log(JSON.stringify(result, null, 2));
        process.exitCode = WALK_EXIT_CODES[result.outcome];
        return;
      }
      const percent = Number(need(values.percent, '--percent'));
      const written = await canary(options, remote, need(args[1], '<version>'), percent, baseUrl);
      const { manifest } = written;
      print(
        `${remote.pkg} ${args[1]} is the canary for ${percent} % in ${values.env} (revision ${manifest.revision})`,
        manifest,
      );
      sayEdge(written);
      return;
    }
    case 'promote': {
      const remote = resolveRemote(need(args[0], '<remote>'));
      const written = await promote(options, remote);
      const { manifest } = written;
      const version = manifest.remotes[remote.name]?.stable.version;
      print(`${remote.pkg} ${version} is stable in ${values.env} (revision ${manifest.revision})`, manifest);
      sayEdge(written);
      return;
    }
    case 'rollback': {
      const remote = resolveRemote(need(args[0], '<remote>'));
      const written = await rollback(options, remote);
      const { manifest } = written;
      const version = manifest.remotes[remote.name]?.stable.version;
      print(`${remote.pkg} rolled back to ${version} in ${values.env} (revision ${manifest.revision})`, manifest);
      sayEdge(written);
      return;
    }
    case 'rollback-canary': {
      const remote = resolveRemote(need(args[0], '<remote>'));
      const written = await rollbackCanary(options, remote);
      const { manifest } = written;
      const version = manifest.remotes[remote.name]?.stable.version;
      print(
        `${remote.pkg}: canary stopped, everyone on ${version} in ${values.env} (revision ${manifest.revision})`,
        manifest,
      );
      sayEdge(written);
      return;
    }
    case 'health': {
      const remote = resolveRemote(need(args[0], '<remote>'));
      const analysis = await loadAnalysis(values.analysis);
      const windowMs = values.window ? parseDuration(values.window, '--window') : analysis.windowMs;
      const report = await releaseHealth(root, values.env, remote, metricsSource(analysis), analysis, windowMs);
      print(formatHealth(report), report);
      if (report.canary?.judgement.verdict === 'fail') process.exitCode = WALK_EXIT_CODES['rolled-back'];
      return;
    }
    case 'status': {
      const report = await status(root, values.env);
      const lines = Object.entries(report.remotes).map(([name, channels]) =>
        [
          `  ${name.padEnd(12)} stable ${channels?.stable}`,
          channels && 'canary' in channels ? `  canary ${channels.canary} (${channels.percent} %)` : '',
          ...report.walks
            .filter((walk) => resolveRemote(walk.remote).name === name)
            .map((walk) => `\n${describeWalkLine(walk, report.controllers[0])}`),
        ].join(''),
      );
      const problems = report.problems.map(
        ({ remote, channel, version, problems: found }) =>
          `  ${remote} ${version} (${channel}) does not match what was published:\n${found.map((problem) => `    - ${problem}`).join('\n')}`,
      );
      print(
        [
          `${report.environment} — revision ${report.revision}${report.updatedBy ? `, by ${report.updatedBy} at ${report.updatedAt}` : ''}`,
          ...report.controllers.map(
            ({ controller, everyMs, since }) =>
              `  ${controller} resumes orphaned walks (looking every ${everyMs / 1000} s, since ${since})`,
          ),
          ...(lines.length > 0 ? lines : ['  no remote released yet']),
          ...(problems.length > 0 ? ['', 'Problems:', ...problems] : []),
        ].join('\n'),
        report,
      );
      // A manifest that names a missing or changed version fails the command, for CI and for people.
      if (report.problems.length > 0) process.exitCode = 1;
      return;
    }
    case 'controller': {
      const everyMs = parseDuration(values.every, '--every');
      const signal = stopOnSignals();
      console.log(`Release controller on ${root}: resuming orphaned walks, looking every ${everyMs / 1000} s.`);
      await controlWalks({
        root,
        actor: options.actor,
        everyMs,
        signal,
        log: (line) => console.log(line),
        run: (state) =>
          walkFromState(
            state,
            { ...options, env: state.env },
            { log: (line) => console.log(`${state.remote}: ${line}`), signal },
          ),
      });
      return;
    }
    case 'history': {
      const entries = await history(root, values.env, args[0] ? resolveRemote(args[0]) : undefined);
      print(
        entries
          .map(
            (entry) =>
              `${entry.at}  ${entry.actor}  ${entry.action} ${entry.remote}  ${JSON.stringify(entry.from)} → ${JSON.stringify(entry.to)}${describeAnalysis(entry.analysis)}`,
          )
          .join('\n') || 'No changes yet.',
        entries,
      );
      return;
    }
    case 'page': {
      const remote = args[0] ? resolveRemote(args[0]) : undefined;
      const out = path.resolve(values.out ?? path.join(root, 'manifests', `${values.env}.release-page.html`));
      const written = await writeReleasePage({ root, env: values.env, remote, out });
      print(`Release page of ${values.env}: ${written.walks} canary walk(s) in ${written.out}`, written);
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError ||
    error instanceof CheckFailedError ||
    error instanceof RevisionConflictError ||
    error instanceof PublishRefusedError ||
    error instanceof MetricsUnavailableError ||
    error instanceof WalkInterruptedError ||
    error instanceof LeaseLostError ||
    error instanceof WalkRefusedError;
  console.error(known ? (error as Error).message : error);
  process.exitCode =
    error instanceof UsageError
      ? 2
      : error instanceof WalkInterruptedError || error instanceof LeaseLostError
        ? 4
        : error instanceof WalkRefusedError
          ? 6
          : 1;
});
