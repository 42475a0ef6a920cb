/**
 * Ctrl+C at the earliest moment of a walk: right after its step's line. The CLI runs in its own
 * process, started as `npm run release` starts it (node with tsx's loader, no wrapper process), on
 * a deploy root with a real receiver; the walk waits a minute between readings, so every signal
 * here arrives while the walk is between a write and its next reading.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_ANALYSIS_FILE } from './analysis-config';
import type { EnvOptions } from './commands';
import { walkStatePath } from './deploy-layout';
import { readManifest } from './manifest-store';
import { liveControllers } from './walk-controller';
import { readWalk } from './walk-state';
import { points, startReceiver, walkDeployRoot } from './testing/walk-world';

jest.setTimeout(60_000);

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

/** The shipped analysis but for a minute between readings, longer than any of these tests waits. */
async function analysisFile(root: string): Promise<string> {
  const file = path.join(root, 'analysis.json');
  const shipped = JSON.parse(await readFile(DEFAULT_ANALYSIS_FILE, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...shipped, checkEvery: '1m' }));
  return file;
}

/**
 * The walk of mf-points 1.1.0 in its own process, on a deploy root of its own, checked against the
 * world's shell (not whatever build of the shell is at hand); `signal` sends signals as a terminal does.
 */
async function startWalk() {
  const options = await walkDeployRoot();
  return { options, running: walk(options, await analysisFile(options.root)) };
}

function walk(options: EnvOptions, analysis: string) {
  return cli([
    ...['canary', 'mf-points', '1.1.0', '--steps', '50,100', '--interval', '10m'],
    ...['--analysis', analysis, '--metrics-url', `${receiver.url}/metrics`],
    ...['--shell-manifest', options.shellManifest!, '--root', options.root],
  ]);
}

/** `npm run release -- <args>` in its own process, as `actor`. */
function cli(args: string[], actor = 'grace') {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'cli.ts'), ...args], {
    env: { ...process.env, RELEASE_ACTOR: actor },
  });
  let output = '';
  const lines: Array<() => void> = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    lines.forEach((listener) => listener());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const ended = once(child, 'close').then(([code, signal]) => ({ code: code as number | null, signal, output }));
  return {
    ended,
    /** Resolves as soon as the output matches `pattern` (or rejects once the process ended without it). */
    printed: (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => pattern.test(output) && resolve();
        lines.push(check);
        check();
        void ended.then(() => reject(new Error(`never printed ${pattern}:\n${output}`)));
      }),
    signal: (name: NodeJS.Signals) => child.kill(name),
  };
}

const STEP_LINE = /Step 1\/2: 50 % of members get mf-points 1\.1\.0 \(revision \d+\)\.\n/;
const STOPPED =
  /Stopped at step 1\/2: mf-points 1\.1\.0 stays the canary for 50 % of members, unguarded\. Go on with: npm run release -- canary mf-points --resume --env production \(no release controller runs for this deploy root to resume it\)/;

test('Ctrl+C right after the step is written stops the walk at its step (exit 4), the lease saying where', async () => {
  const { options, running } = await startWalk();
  await running.printed(STEP_LINE);
  running.signal('SIGINT');
  const { code, output } = await running.ended;
  expect(output).toMatch(STOPPED);
  expect(code).toBe(4);
  expect((await readManifest(options.root, 'production')).remotes.mf_points).toMatchObject({
    canary: { version: '1.1.0', percent: 50 },
  });
  expect(await readWalk(options.root, 'production', points)).toMatchObject({
    status: 'interrupted',
    stepIndex: 0,
    revision: expect.any(Number),
  });
});

/**
 * A walk at its first step, stopped by a Ctrl+C while another command holds its lease's lock (as a
 * claim does): its stop waits in its write, where a further signal meets a write under way until
 * `release()`.
 */
async function stoppedInItsWrite() {
  const { options, running } = await startWalk();
  await running.printed(STEP_LINE);
  const lock = `${walkStatePath(options.root, 'production', points)}.lock`;
  await writeFile(lock, 'another command\n');
  running.signal('SIGINT');
  await running.printed(/Stopping: /);
  return { options, running, lock, release: () => rm(lock) };
}

test('one Ctrl+C that arrives twice (from the terminal, and relayed by npm) still stops the walk at its step', async () => {
  const { options, running, release } = await stoppedInItsWrite();
  running.signal('SIGINT');
  await release();
  const { code, output } = await running.ended;
  expect(output).toMatch(STOPPED);
  expect(code).toBe(4);
  expect(await readWalk(options.root, 'production', points)).toMatchObject({ status: 'interrupted' });
});

test('a second Ctrl+C quits at once, but only once the lease write under way is done', async () => {
  const { options, running, lock, release } = await stoppedInItsWrite();
  // Past the moment in which a second signal is the first one relayed.
  await delay(1_500);
  running.signal('SIGINT');
  await running.printed(/Quitting once the write under way is done\./);
  await release();
  const { code, output } = await running.ended;
  expect(code).toBe(130);
  expect(output).not.toMatch(STOPPED);
  // The write it waited for is whole, and it left no lock behind to block the resume.
  expect(await readWalk(options.root, 'production', points)).toMatchObject({ status: 'interrupted', stepIndex: 0 });
  expect(existsSync(lock)).toBe(false);
});

test('with a release controller on the deploy root, Ctrl+C says it takes the walk up, it does, and --resume says who holds it', async () => {
  const { options, running } = await startWalk();
  const controller = cli(
    ['controller', '--every', '1s', '--shell-manifest', options.shellManifest!, '--root', options.root],
    'ops',
  );
  try {
    await controller.printed(/Release controller on .*: resuming orphaned walks, looking every 1 s\./);
    await running.printed(STEP_LINE);
    running.signal('SIGINT');
    const stopped = await running.ended;
    expect(stopped.code).toBe(4);
    expect(stopped.output).toMatch(
      /Stopped at step 1\/2: mf-points 1\.1\.0 stays the canary for 50 % of members; the release controller of ops on .+ \(pid \d+\) runs for this deploy root and resumes the walk within 1 s\. Watch it with: npm run release -- status --env production/,
    );
    expect(stopped.output).not.toMatch(/unguarded/);

    // The controller's own process takes the orphan up, at the step the walk left.
    await controller.printed(
      /Resuming the walk of mf-points 1\.1\.0 in production at step 1\/2 \(50 %\), orphaned by grace on/,
    );
    await expect(readWalk(options.root, 'production', points)).resolves.toMatchObject({
      status: 'walking',
      stepIndex: 0,
      owner: { actor: 'ops', controller: true },
    });

    const shown = await cli(['status', '--root', options.root]).ended;
    expect(shown.output).toMatch(
      /^ {2}the release controller of ops on .+ \(pid \d+\) resumes orphaned walks \(looking every 1 s, since \S+\)$/m,
    );
    expect(shown.output).toMatch(
      /walk of 1\.1\.0: step 1\/2 \(50 %\) since \S+, walk begun \S+; the release controller of ops on .+ since/,
    );

    const resumed = await cli(['canary', 'mf-points', '--resume', '--root', options.root]).ended;
    expect(resumed.code).toBe(6);
    expect(resumed.output).toMatch(
      /A walk of mf-points 1\.1\.0 in production \(step 1\/2 \(50 %\)\) is walked by the release controller of ops on .+ \(pid \d+\), which resumed it at \S+: there is nothing to resume\. Watch it with: npm run release -- status --env production\./,
    );
  } finally {
    controller.signal('SIGINT');
    await controller.ended;
  }
  // Stopped, the controller leaves no heartbeat behind: a walk stopped now is told it is unguarded.
  expect(await liveControllers(options.root, Date.now())).toEqual([]);
});
