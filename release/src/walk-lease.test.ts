/**
 * A canary walk that outlives its terminal: its state under a lease beside the manifest, refused
 * while another walk holds the remote, resumed where it was (its figures' start and its number of
 * looks kept), shown by `status`, and resumed by `release controller`. Time is the test's, as in
 * canary-walk.test.ts: each wait is one reading later, with that while's traffic posted.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readAudit, readReadings } from './audit-log';
import { WalkStoppedError, WalkSupersededError, walkFromState } from './canary-walk';
import { canary, rollbackCanary, status, type EnvOptions } from './commands';
import { REPO_ROOT, controllersDir, resolveRemote } from './deploy-layout';
import { readManifest, updateManifest } from './manifest-store';
import { ReceiverSource } from './metrics-source';
import { controlWalks } from './walk-controller';
import {
  LeaseLostError,
  WalkRefusedError,
  claimWalk,
  newOwner,
  readWalk,
  renewWalk,
  type WalkState,
} from './walk-state';
import {
  MINUTE,
  PIN_AND_STEPS,
  WALK_ANALYSIS,
  points,
  postHealthyLoads,
  productionTrail,
  startReceiver,
  walkDeployRoot,
  walkPlan,
} from './testing/walk-world';

jest.setTimeout(60_000);

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

const START = Date.parse('2026-11-28T10:00:00Z');
let now = START;
beforeEach(() => {
  now = START;
});
const clock = () => now;

const plan = () => walkPlan(receiver.url);

function claim(options: EnvOptions, actor: string, how: { resume?: boolean; takeOver?: boolean } = {}) {
  return claimWalk({
    root: options.root,
    env: options.env,
    remote: points,
    owner: newOwner(actor),
    now,
    resume: how.resume ?? false,
    takeOver: how.takeOver ?? false,
    plan: how.resume ? {} : plan(),
  });
}

/** A walk's waits: time passes, members load pages (none on stable once the canary has everyone). */
function readingsOf(options: EnvOptions, onReading?: (count: number) => void) {
  let count = 0;
  return async (ms: number) => {
    now += ms;
    const share = (await readManifest(options.root, 'production')).remotes.mf_points!.canary?.percent;
    if (share !== 100) await postHealthyLoads(receiver.url, '1.0.0', 'stable', 10);
    await postHealthyLoads(receiver.url, '1.1.0', 'canary', 10);
    count += 1;
    onReading?.(count);
  };
}

const run = (state: WalkState, options: EnvOptions, extras: Parameters<typeof walkFromState>[2] = {}) =>
  walkFromState(state, options, {
    clock,
    source: new ReceiverSource([`${receiver.url}/metrics`], () => new Date(now)),
    sleep: readingsOf(options),
    ...extras,
  });

/** A walk of 25 % then 100 % stopped with Ctrl+C at the first reading of its second step. */
async function interruptedWalk(options: EnvOptions) {
  const abort = new AbortController();
  const walking = run(await claim(options, 'dana'), options, {
    signal: abort.signal,
    sleep: readingsOf(options, (count) => count === 4 && abort.abort()),
  });
  await expect(walking).rejects.toBeInstanceOf(WalkStoppedError);
}

test('a walk keeps its state under a lease renewed at every reading, and the state goes when it ends', async () => {
  const options = await walkDeployRoot();
  const seen: Array<Pick<WalkState, 'status' | 'stepIndex'> & { leaseLeft: number }> = [];
  const sleep = readingsOf(options);
  const result = await run(await claim(options, 'dana'), options, {
    sleep: async (ms) => {
      await sleep(ms);
      const state = (await readWalk(options.root, 'production', points))!;
      seen.push({ status: state.status, stepIndex: state.stepIndex, leaseLeft: Date.parse(state.leaseUntil) - now });
    },
  });
  expect(result.outcome).toBe('promoted');
  expect(seen.map((state) => `${state.status} ${state.stepIndex}`)).toEqual([
    ...Array(3).fill('walking 0'),
    ...Array(3).fill('walking 1'),
  ]);
  // Renewed at each reading for three of them: never run out while the walk reads.
  for (const state of seen) expect(state.leaseLeft).toBeGreaterThan(0);
  expect(await readWalk(options.root, 'production', points)).toBeNull();
});

test('a second walk of the remote is refused while one holds the lease, and --take-over takes it', async () => {
  const options = await walkDeployRoot();
  const held = await claim(options, 'dana');
  now += MINUTE;
  await expect(claim(options, 'erin')).rejects.toThrow(WalkRefusedError);
  await expect(claim(options, 'erin')).rejects.toThrow(
    /mf-points 1\.1\.0 in production \(step 1\/2 \(25 %\)\) is running: dana on .+ \(pid \d+\) holds it since 2026-11-28T10:00:00\.000Z/,
  );
  await expect(claim(options, 'erin', { resume: true })).rejects.toThrow(WalkRefusedError);
  expect((await readWalk(options.root, 'production', points))!.owner.actor).toBe('dana');

  const taken = await claim(options, 'erin', { takeOver: true });
  expect(taken.owner.actor).toBe('erin');
  // The first walk learns it at its next reading, and stops there.
  await expect(renewWalk(options.root, points, held, now)).rejects.toThrow(LeaseLostError);
  expect((await readAudit(options.root)).at(-1)).toMatchObject({ action: 'walk-taken-over', actor: 'erin' });
});

test('an orphaned walk is refused a new start; resumed, it goes on at its step, counting from its start, with its looks', async () => {
  const options = await walkDeployRoot();
  await interruptedWalk(options);
  const orphan = (await readWalk(options.root, 'production', points))!;
  // Ctrl+C records where it was and orphans it at once: no lease to wait out.
  expect(orphan).toMatchObject({ status: 'interrupted', stepIndex: 1, leaseUntil: new Date(now).toISOString() });
  expect((await readManifest(options.root, 'production')).remotes.mf_points!.canary?.percent).toBe(100);

  now += 30_000;
  await expect(claim(options, 'erin')).rejects.toThrow(/was orphaned: dana .* --resume goes on from where it was/);
  const resumed = await claim(options, 'erin', { resume: true });
  expect((await run(resumed, options)).outcome).toBe('promoted');

  const { entries: audit, lines } = await productionTrail(options.root);
  expect(lines).toEqual([
    ...PIN_AND_STEPS,
    expect.stringMatching(/^walk-resumed \{"owner":"erin on /),
    'analysis "promote"',
    'promote {"stable":"1.1.0"}',
  ]);
  // The figures count from the walk's start, not the resume's: three minutes of step 1 are in.
  const promoted = audit.find((entry) => entry.to === 'promote')!.analysis as { windowSeconds: number };
  expect(promoted.windowSeconds).toBeGreaterThan(6 * 60);
  const readings = await readReadings(options.root);
  expect(new Set(readings.map((reading) => reading.walkStartedAt))).toEqual(new Set([new Date(START).toISOString()]));
  // Each reading acts at the walk's confidence over the walk's planned readings: 2 steps × (3 + 2) min ÷ 1 min.
  const alphas = new Set(readings.flatMap((reading) => reading.checks.map((check) => check.alpha)));
  expect([...alphas]).toEqual([(1 - WALK_ANALYSIS.confidence) / 10]);
  expect(await readWalk(options.root, 'production', points)).toBeNull();
});

test('a resume refuses when the remote is no longer as the walk left it, and the walk is forgotten', async () => {
  const options = await walkDeployRoot();
  await interruptedWalk(options);
  await canary({ ...options, actor: 'frank' }, points, '1.1.0', 10, 'https://cdn.example/mf-points');
  await expect(run(await claim(options, 'erin', { resume: true }), options)).rejects.toThrow(
    /is now \{"stable":"1\.0\.0","canary":"1\.1\.0","percent":10\}, not the canary 1\.1\.0 at 100 % the walk left: nothing resumed/,
  );
  expect(await readWalk(options.root, 'production', points)).toBeNull();
});

test("another remote's release stops the walk, orphaned, to go on; a change of its own remote ends it", async () => {
  const options = await walkDeployRoot();
  const touch = () =>
    updateManifest({ ...options, actor: 'frank' }, (current) => ({
      next: current,
      audit: { action: 'touch', remote: 'mf-profile', from: null, to: null },
    }));
  const sleep = readingsOf(options);
  const touched = run(await claim(options, 'dana'), options, {
    sleep: async (ms) => {
      await sleep(ms);
      await touch();
    },
  });
  await expect(touched).rejects.toThrow(/the walk stops here; mf-points is as it left it\. Go on with/);
  expect(await readWalk(options.root, 'production', points)).toMatchObject({ status: 'interrupted', stepIndex: 0 });

  now += MINUTE;
  const resumed = await claim(options, 'dana', { resume: true });
  const narrowed = run(resumed, options, {
    sleep: async (ms) => {
      await sleep(ms);
      await canary({ ...options, actor: 'frank' }, points, '1.1.0', 10, 'https://cdn.example/mf-points');
    },
  });
  await expect(narrowed).rejects.toBeInstanceOf(WalkSupersededError);
  expect(await readWalk(options.root, 'production', points)).toBeNull();
});

test('a decision by hand ends an orphaned walk of the remote, not a live one', async () => {
  const options = await walkDeployRoot();
  await interruptedWalk(options);
  await rollbackCanary({ ...options, actor: 'frank' }, points);
  expect(await readWalk(options.root, 'production', points)).toBeNull();
  now = Date.now();
  await claim(options, 'dana');
  await canary({ ...options, actor: 'frank' }, points, '1.1.0', 10, 'https://cdn.example/mf-points');
  await rollbackCanary({ ...options, actor: 'frank' }, points);
  expect((await readWalk(options.root, 'production', points))!.owner.actor).toBe('dana');
});

test('status shows a walk in progress, then orphaned, with its owner, step and lease', async () => {
  const options = await walkDeployRoot();
  await claim(options, 'dana');
  expect((await status(options.root, 'production', now)).walks).toEqual([
    expect.objectContaining({ remote: 'mf-points', state: 'walking', step: '1/2', percent: 25 }),
  ]);
  const later = now + 10 * MINUTE;
  expect((await status(options.root, 'production', later)).walks).toEqual([
    expect.objectContaining({ state: 'orphaned', leaseUntil: '2026-11-28T10:03:00.000Z' }),
  ]);
  // The CLI says it in words, under the remote, with how to go on.
  const shown = await cli(options.root, 'status');
  expect(shown.output).toMatch(
    /mf_points\s+stable 1\.0\.0\n\s+walk of 1\.1\.0 ORPHANED: step 1\/2 \(25 %\) since not yet.*lease of dana on .* ran out at 2026-11-28T10:03:00\.000Z\. Go on with: npm run release -- canary mf-points --resume/,
  );
  const json = JSON.parse((await cli(options.root, 'status', '--json')).output) as { walks: unknown[] };
  expect(json.walks).toEqual([
    expect.objectContaining({ state: 'orphaned', owner: expect.stringMatching(/^dana on /) }),
  ]);
  // With a release controller's heartbeat live on the deploy root, the orphan is the controller's to resume.
  const beat = { actor: 'ops', host: 'ops-host', pid: 4242, token: 'c1', controller: true, everyMs: 5_000 };
  const since = new Date().toISOString();
  await mkdir(controllersDir(options.root), { recursive: true });
  await writeFile(
    path.join(controllersDir(options.root), 'c1.json'),
    JSON.stringify({ ...beat, since, until: new Date(Date.now() + MINUTE).toISOString() }),
  );
  expect((await cli(options.root, 'status')).output).toMatch(
    /walk of 1\.1\.0 ORPHANED: .*ran out at 2026-11-28T10:03:00\.000Z; the release controller of ops on ops-host \(pid 4242\) resumes it within 5 s\./,
  );
});

test('the CLI refuses a second walk with exit 6, naming the owner, and changes nothing', async () => {
  const options = await walkDeployRoot();
  now = Date.now();
  await claim(options, 'dana');
  const before = await readManifest(options.root, 'production');
  const refused = await cli(options.root, 'canary', 'mf-points', '1.1.0', '--steps', '25,100', '--interval', '3m');
  expect(refused.code).toBe(6);
  expect(refused.output).toMatch(/is running: dana on .* --take-over takes it over/);
  expect(await readManifest(options.root, 'production')).toEqual(before);
  const nothing = await cli(options.root, 'canary', 'mf-profile', '--resume');
  expect(nothing).toMatchObject({
    code: 2,
    output: expect.stringMatching(/No walk of mf-profile in production to resume/),
  });
});

test('release controller resumes an orphaned walk itself and leaves a live one alone', async () => {
  const options = await walkDeployRoot();
  await interruptedWalk(options);
  const profile = resolveRemote('mf-profile');
  const live = await claimWalk({
    root: options.root,
    env: 'production',
    remote: profile,
    owner: newOwner('grace'),
    now,
    resume: false,
    takeOver: false,
    plan: { ...plan(), version: '2.1.0' },
  });
  const stopping = new AbortController();
  const outcomes: unknown[] = [];
  await controlWalks({
    root: options.root,
    actor: 'release-controller',
    everyMs: 5_000,
    clock,
    signal: stopping.signal,
    // One look, then the controller is stopped; it waits for the walk it resumed.
    sleep: async () => stopping.abort(),
    run: async (state) => {
      outcomes.push(await run(state, { ...options, actor: 'release-controller' }));
    },
  });
  expect(outcomes).toEqual([expect.objectContaining({ outcome: 'promoted' })]);
  expect((await readManifest(options.root, 'production')).remotes.mf_points!.stable.version).toBe('1.1.0');
  const audit = await readAudit(options.root);
  expect(audit.find((entry) => entry.action === 'walk-resumed')).toMatchObject({
    actor: 'release-controller',
    remote: 'mf-points',
  });
  expect(await readWalk(options.root, 'production', points)).toBeNull();
  expect((await readWalk(options.root, 'production', profile))!.owner.token).toBe(live.owner.token);
});

/** Runs the CLI as release managers do, in its own process. */
function cli(root: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(__dirname, 'cli.ts'), ...args, '--root', root],
      { env: { ...process.env, RELEASE_ACTOR: 'grace' } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}
