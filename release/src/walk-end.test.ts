/**
 * A walk killed outright (SIGKILL: no handler runs) at its end: after its promotion's or its
 * rollback's write, while it waits for an edge that does not serve it or while it tells the
 * webhook; or before the write, which waits for the manifest's lock. The walk runs as
 * `npm run release` runs it, in its own process, in real time with steps of a second; its figures
 * come from a real receiver, fed healthy or failing traffic once the walk has begun; its webhook is
 * a local server. It is resumed afterwards by the CLI (`--resume`), by the controller, or in this
 * process, with time that skips.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseManifest } from '@loyalty/shared/config';
import { readReadings } from './audit-log';
import { WalkSupersededError, walkFromState, type WalkOutcome } from './canary-walk';
import { rollback, status, type EnvOptions } from './commands';
import { auditLogPath, manifestPath } from './deploy-layout';
import { settingsPath } from './environment-settings';
import { readManifest } from './manifest-store';
import { fakeEdge, type FakeEdge } from './testing/fake-edge';
import { cliWalk, inEdgeWaitAfter, killedAt, leaseRunOut, releaseCli, resumedWalk } from './testing/killed-walk';
import { webhookServer } from './testing/webhook';
import { MINUTE, points, postLoads, productionTrail, startReceiver, walkDeployRoot } from './testing/walk-world';
import { resumeOrphans } from './walk-controller';
import { readWalk } from './walk-state';

jest.setTimeout(90_000);

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let edge: FakeEdge | undefined;
let webhook: Awaited<ReturnType<typeof webhookServer>> | undefined;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  edge?.server.close();
  edge = undefined;
  await webhook?.close();
  webhook = undefined;
  await receiver.close();
});

/** A deploy root whose production names a local edge and a local webhook (answering as `answer` says). */
async function world(answer?: Parameters<typeof webhookServer>[0]): Promise<EnvOptions> {
  const options = await walkDeployRoot();
  edge = await fakeEdge(0);
  webhook = await webhookServer(answer);
  await mkdir(path.dirname(settingsPath(options.root, 'production')), { recursive: true });
  await writeFile(
    settingsPath(options.root, 'production'),
    JSON.stringify({ edge: { origin: edge.url }, notify: { webhook: webhook.url } }),
  );
  return options;
}

const canaryOf = (manifest: ReleaseManifest) => manifest.remotes.mf_points!.canary;
const promoted = (manifest: ReleaseManifest) => manifest.remotes.mf_points!.stable.version === '1.1.0';
/** The canary gone after the world's pin (revision 1), which had none either. */
const rolledBack = (manifest: ReleaseManifest) => manifest.revision > 1 && !canaryOf(manifest);

/**
 * The world while the walk runs: the edge serves each step's share once written (its end too, when
 * `servesEnd`), and at 50 % members load 21 pages of stable and 21 of the canary, which throws on
 * render in every one when `fails`: as many as the receiver lets seven addresses add in a window.
 */
function members({ fails = false, servesEnd = false } = {}) {
  let fed = false;
  return async (manifest: ReleaseManifest) => {
    if (canaryOf(manifest) || servesEnd) edge!.revision = manifest.revision;
    if (canaryOf(manifest)?.percent !== 50 || fed) return;
    fed = true;
    await postLoads(receiver.url, '1.0.0', 'stable', 21);
    await postLoads(receiver.url, '1.1.0', 'canary', 21, { fails });
  };
}

/** The webhook's messages, as their text. */
const texts = () => webhook!.received.map((request) => (request.body as { text: string }).text);

/** The audit lines of the walk's end and its resume, read at a glance. */
async function endTrail(root: string) {
  const { lines } = await productionTrail(root);
  return lines
    .filter((line) => /^(promote|rollback-canary|walk-resumed|notified|notify-failed|notify-unknown) /.test(line))
    .map((line) => line.replace(/^walk-resumed .*/, 'walk-resumed'));
}

/** The CLI's walk, 50 % then 100 %, killed after its promotion's write, in its wait for the edge. */
async function killedAfterItsPromotion(options: EnvOptions) {
  await killedAt(await cliWalk(options, receiver.url, '50,100'), options.root, {
    meanwhile: members(),
    now: inEdgeWaitAfter(edge!, promoted),
  });
  // Written, the webhook not told yet: the state says what the walk was writing.
  expect(await readWalk(options.root, 'production', points)).toMatchObject({
    stepIndex: 1,
    intent: { action: 'promote', percent: 100, actor: 'grace' },
  });
  expect(webhook!.received).toHaveLength(0);
  expect((await status(options.root, 'production')).walks).toMatchObject([{ ending: 'promote' }]);
}

test('killed in its wait for the edge after its promotion, the walk is ended by --resume: promoted, told once, exit 0', async () => {
  const options = await world();
  await killedAfterItsPromotion(options);

  edge!.revision = 1_000;
  await leaseRunOut(options.root);
  const resumed = releaseCli(options, ['canary', 'mf-points', '--resume'], { RELEASE_ACTOR: 'erin' });
  expect(await resumed.ended).toBe(0);
  expect(resumed.output()).toMatch(/\nPromoted: mf-points 1\.1\.0 is the stable release\.\n/);
  expect(texts()).toEqual([
    expect.stringMatching(/^:white_check_mark: mf-points 1\.1\.0 promoted to stable in production \(was 1\.0\.0\)/),
  ]);
  expect(await endTrail(options.root)).toEqual([
    'promote {"stable":"1.1.0"}',
    'walk-resumed',
    `notified ${JSON.stringify(new URL(webhook!.url).origin)}`,
  ]);
  expect(await readWalk(options.root, 'production', points)).toBeNull();
});

test('killed in its wait for the edge after its rollback, the walk is ended by --resume: rolled back, told once, exit 5', async () => {
  const options = await world();
  await killedAt(await cliWalk(options, receiver.url, '50,100'), options.root, {
    meanwhile: members({ fails: true }),
    now: inEdgeWaitAfter(edge!, rolledBack),
  });
  expect(await readWalk(options.root, 'production', points)).toMatchObject({
    stepIndex: 0,
    intent: { action: 'rollback', percent: 50, actor: 'grace' },
  });
  expect(webhook!.received).toHaveLength(0);

  edge!.revision = 1_000;
  await leaseRunOut(options.root);
  const resumed = releaseCli(options, ['canary', 'mf-points', '--resume'], { RELEASE_ACTOR: 'erin' });
  expect(await resumed.ended).toBe(5);
  expect(resumed.output()).toMatch(/\nRolled back: every member gets mf-points 1\.0\.0 from their next page load\.\n/);
  expect(texts()).toEqual([
    expect.stringMatching(
      /^:rotating_light: mf-points 1\.1\.0 rolled back in production at 50 %: every member is on 1\.0\.0 again\. The canary analysis failed at step 1\/2: errorRate/,
    ),
  ]);
  expect(await endTrail(options.root)).toEqual([
    'rollback-canary {"stable":"1.0.0"}',
    'walk-resumed',
    `notified ${JSON.stringify(new URL(webhook!.url).origin)}`,
  ]);
  expect(await readWalk(options.root, 'production', points)).toBeNull();
});

test('killed before its promotion reached the audit log, the controller ends the walk: the line appended, told once', async () => {
  const options = await world();
  await killedAfterItsPromotion(options);
  // The manifest renamed into place, its audit line never appended: a kill between the two.
  const lines = (await readFile(auditLogPath(options.root), 'utf8')).trimEnd().split('\n');
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ action: 'promote' });
  await writeFile(auditLogPath(options.root), `${lines.slice(0, -1).join('\n')}\n`);
  const written = await readManifest(options.root, 'production');

  // The controller's look a minute later, once the killed walk's lease ran out.
  const clock = () => Date.now() + MINUTE;
  const outcomes: WalkOutcome[] = [];
  const running = new Map<string, Promise<unknown>>();
  const run = async (state: Parameters<typeof walkFromState>[0]) => {
    const env = { ...options, actor: 'erin', edgeWait: { timeoutMs: 300, everyMs: 50 } };
    outcomes.push(await walkFromState(state, env, { clock }));
  };
  await resumeOrphans({ root: options.root, actor: 'erin', clock, run }, running);
  await Promise.all(running.values());

  expect(outcomes).toMatchObject([{ outcome: 'promoted' }]);
  const { entries } = await productionTrail(options.root);
  expect(entries.filter((entry) => entry.action === 'promote')).toEqual([
    expect.objectContaining({ actor: 'grace', revision: written.revision, at: written.updatedAt }),
  ]);
  expect(await endTrail(options.root)).toEqual([
    'walk-resumed',
    'promote {"stable":"1.1.0"}',
    `notified ${JSON.stringify(new URL(webhook!.url).origin)}`,
  ]);
  expect(texts()).toHaveLength(1);
});

test('killed while it told the webhook, the resumed walk ends without telling it again, and says so', async () => {
  // The webhook takes the message and never answers: the walk is killed in its post.
  const options = await world(() => undefined);
  await killedAt(await cliWalk(options, receiver.url, '50,100'), options.root, {
    meanwhile: members({ servesEnd: true }),
    now: () => webhook!.received.length > 0,
  });
  expect(await readWalk(options.root, 'production', points)).toMatchObject({
    intent: { action: 'promote', notifying: true },
  });

  const { walking, lines } = await resumedWalk(options, receiver.url);
  await expect(walking).resolves.toMatchObject({ outcome: 'promoted' });
  expect(webhook!.received).toHaveLength(1);
  expect(lines).toContain(
    '  The walk stopped while it told the webhook of the promotion: it is not told again, since the message may have gone out.',
  );
  expect(await endTrail(options.root)).toEqual(['promote {"stable":"1.1.0"}', 'walk-resumed', 'notify-unknown null']);
});

test("someone else's change after the kill still ends the walk on its resume, and the resume tells nothing", async () => {
  const options = await world();
  await killedAfterItsPromotion(options);
  await rollback({ ...options, actor: 'frank', edgeWait: { timeoutMs: 100 } }, points);

  const { walking } = await resumedWalk(options, receiver.url);
  await expect(walking).rejects.toBeInstanceOf(WalkSupersededError);
  expect(webhook!.received).toHaveLength(0);
  expect(await readWalk(options.root, 'production', points)).toBeNull();
  expect((await readManifest(options.root, 'production')).remotes.mf_points!.stable.version).toBe('1.0.0');
});

/**
 * The CLI's walk killed once it said its end (`action`) and waits for the manifest's lock to write
 * it: another command holds the lock from the moment the step at `percent` is written whole.
 */
async function killedBeforeItsEnd(
  options: EnvOptions,
  percent: number,
  action: 'promote' | 'rollback',
  traffic: ReturnType<typeof members>,
) {
  const lock = `${manifestPath(options.root, 'production')}.lock`;
  let locked = false;
  await killedAt(await cliWalk(options, receiver.url, '50,100'), options.root, {
    meanwhile: async (manifest) => {
      // Taken once the walk's own write of the step let it go, and before members' traffic can
      // bring the walk to its end.
      if (!locked && canaryOf(manifest)?.percent === percent) {
        locked = await writeFile(lock, 'another command\n', { flag: 'wx' }).then(
          () => true,
          () => false,
        );
      }
      if (locked || canaryOf(manifest)?.percent !== percent) await traffic(manifest);
    },
    now: async () => (await readWalk(options.root, 'production', points))?.intent?.action === action,
  });
  await rm(lock);
}

test('killed before its rollback was written, the resumed walk makes it on the grounds it had, without reading again', async () => {
  const options = await world();
  await killedBeforeItsEnd(options, 50, 'rollback', members({ fails: true }));
  expect(canaryOf(await readManifest(options.root, 'production'))).toMatchObject({ percent: 50 });
  const readings = (await readReadings(options.root)).length;

  const { walking, lines } = await resumedWalk(options, receiver.url);
  await expect(walking).resolves.toMatchObject({ outcome: 'rolled-back', step: 50, judgement: { verdict: 'fail' } });
  expect(lines[0]).toBe(
    'The walk was about to roll back mf-points 1.1.0 at 50 % when it stopped: it does so now, on the same grounds.',
  );
  expect(await readReadings(options.root)).toHaveLength(readings);
  const { entries } = await productionTrail(options.root);
  expect(entries.at(-2)).toMatchObject({
    action: 'rollback-canary',
    actor: 'erin',
    analysis: { decision: 'rollback', verdict: 'fail', step: '1/2' },
  });
  expect(texts()).toEqual([expect.stringMatching(/rolled back in production at 50 %.*failed at step 1\/2: errorRate/)]);
});

test('killed before its promotion was written, the resumed walk reads the figures again and promotes on a new pass', async () => {
  const options = await world();
  await killedBeforeItsEnd(options, 100, 'promote', members());
  expect(canaryOf(await readManifest(options.root, 'production'))).toMatchObject({ percent: 100 });

  const { walking, lines } = await resumedWalk(options, receiver.url);
  await expect(walking).resolves.toMatchObject({ outcome: 'promoted' });
  expect(lines[0]).toBe(
    'The walk was about to promote mf-points 1.1.0 at 100 % when it stopped: it reads the figures again before it does.',
  );
  const { lines: trail } = await productionTrail(options.root);
  expect(trail.slice(trail.indexOf('analysis "promote"'))).toEqual([
    'analysis "promote"',
    expect.stringMatching(/^walk-resumed /),
    'analysis "promote"',
    'promote {"stable":"1.1.0"}',
    `notified ${JSON.stringify(new URL(webhook!.url).origin)}`,
  ]);
});
