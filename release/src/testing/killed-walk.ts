import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { ReleaseManifest } from '@loyalty/shared/config';
import { DEFAULT_ANALYSIS_FILE } from '../analysis-config';
import { walkFromState } from '../canary-walk';
import type { EnvOptions } from '../commands';
import { walkStatePath } from '../deploy-layout';
import { readManifest } from '../manifest-store';
import { ReceiverSource } from '../metrics-source';
import { claimWalk, newOwner, readWalk, type WalkState } from '../walk-state';
import type { FakeEdge } from './fake-edge';
import { MINUTE, WALK_CHECKS, points } from './walk-world';

/**
 * Canary walks run as `npm run release` runs them, each in its own process and in real time, and
 * killed outright (SIGKILL: no handler runs) at a chosen moment.
 */

/** The shipped analysis, read every quarter second, with the walk tests' checks and thresholds. */
export async function quickAnalysisFile(root: string): Promise<string> {
  const file = path.join(root, 'analysis.json');
  const shipped = JSON.parse(await readFile(DEFAULT_ANALYSIS_FILE, 'utf8')) as { checks: Array<{ name: string }> };
  const thresholds = new Map(WALK_CHECKS.map((check) => [check.name, check]));
  const checks = shipped.checks.flatMap((check) => {
    const walkCheck = thresholds.get(check.name) as unknown as Record<string, unknown> | undefined;
    if (!walkCheck) return [];
    const keys = ['minSample', 'maxIncrease', 'ceiling', 'maxRatio', 'slack'].filter((key) => key in walkCheck);
    return [{ ...check, ...Object.fromEntries(keys.map((key) => [key, walkCheck[key]])) }];
  });
  await writeFile(file, JSON.stringify({ ...shipped, checkEvery: '250ms', holdAfter: '30s', checks }));
  return file;
}

/** The CLI (node with tsx's loader, no wrapper) on the world's deploy root, as grace unless `env` says. */
export function releaseCli(options: EnvOptions, args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(__dirname, '..', 'cli.ts'),
      ...args,
      ...['--shell-manifest', options.shellManifest!, '--root', options.root],
    ],
    { env: { ...process.env, RELEASE_ACTOR: 'grace', ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, ended, output: () => output };
}

/** The CLI's walk of mf-points 1.1.0, `steps` a second each, its figures from the receiver at `receiverUrl`. */
export async function cliWalk(options: EnvOptions, receiverUrl: string, steps: string) {
  return releaseCli(options, [
    ...['canary', 'mf-points', '1.1.0', '--steps', steps, '--interval', '1s'],
    ...['--analysis', await quickAnalysisFile(options.root), '--metrics-url', `${receiverUrl}/metrics`],
  ]);
}

export interface KillMoment {
  /** At each look (every 20 ms) while the walk runs, before `now`: feed the receiver, move the edge on. */
  meanwhile?: (manifest: ReleaseManifest) => Promise<void>;
  /** Whether the walk is where it is to be killed. */
  now: (manifest: ReleaseManifest) => boolean | Promise<boolean>;
}

/** Runs `cli` until `moment` comes, then kills it outright. Gives what it printed. */
export async function killedAt(cli: ReturnType<typeof releaseCli>, root: string, moment: KillMoment) {
  for (;;) {
    if (cli.child.exitCode !== null) throw new Error(`the walk ended before its moment:\n${cli.output()}`);
    const manifest = await readManifest(root, 'production');
    await moment.meanwhile?.(manifest);
    if (await moment.now(manifest)) break;
    await delay(20);
  }
  cli.child.kill('SIGKILL');
  await cli.ended;
  return cli.output();
}

/**
 * Whether the walk waits for the edge after the write `written` tells in the manifest: the write
 * is done whole (its audit line appended) once the edge is asked after it.
 */
export function inEdgeWaitAfter(edge: FakeEdge, written: (manifest: ReleaseManifest) => boolean) {
  let asksBefore: number | undefined;
  return (manifest: ReleaseManifest) => {
    if (written(manifest)) asksBefore ??= edge.asks;
    return asksBefore !== undefined && edge.asks > asksBefore;
  };
}

/** The killed walk's lease runs out: what a minute of waiting does, for a resume by the CLI in real time. */
export async function leaseRunOut(root: string) {
  const file = walkStatePath(root, 'production', points);
  const state = JSON.parse(await readFile(file, 'utf8')) as { leaseUntil: string };
  await writeFile(file, JSON.stringify({ ...state, leaseUntil: new Date(Date.now() - 1_000).toISOString() }));
}

/**
 * Resumes the orphaned walk in this process as erin, in time that skips (as in walk-lease.test.ts),
 * with a wait for the edge of 0.3 s, noting the state at its first reading and what it says.
 */
export async function resumedWalk(options: EnvOptions, receiverUrl: string) {
  let skipped = MINUTE; // past the killed walk's lease
  const clock = () => Date.now() + skipped;
  const resumedAt = clock();
  const claimed = await claimWalk({
    root: options.root,
    env: 'production',
    remote: points,
    owner: newOwner('erin'),
    now: resumedAt,
    resume: true,
    takeOver: false,
  });
  let first: WalkState | null = null;
  const lines: string[] = [];
  const walking = walkFromState(
    claimed,
    { ...options, actor: 'erin', edgeWait: { timeoutMs: 300, everyMs: 50 } },
    {
      clock,
      log: (line) => lines.push(line),
      source: new ReceiverSource([`${receiverUrl}/metrics`], () => new Date(clock())),
      sleep: async (ms) => {
        first ??= await readWalk(options.root, 'production', points);
        skipped += ms;
      },
    },
  );
  return { walking, resumedAt, first: () => first, lines };
}
