/**
 * A walk killed outright (SIGKILL: no handler runs) after writing a step's share and before
 * recording it, while it waits for an edge that never serves it. The walk runs as `npm run release`
 * runs it, in its own process, in real time with steps of a second; its figures come from a real
 * receiver fed healthy traffic once the walk has begun. It is resumed afterwards in this process, with time that
 * skips as in walk-lease.test.ts.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readAudit } from './audit-log';
import { WalkSupersededError, walkFromState } from './canary-walk';
import { canary, type EnvOptions } from './commands';
import { auditLogPath } from './deploy-layout';
import { settingsPath } from './environment-settings';
import { readManifest } from './manifest-store';
import { fakeEdge, type FakeEdge } from './testing/fake-edge';
import { cliWalk, inEdgeWaitAfter, killedAt, resumedWalk } from './testing/killed-walk';
import {
  points,
  postHealthyLoads,
  productionTrail,
  startReceiver,
  walkDeployRoot,
  walkPlan,
} from './testing/walk-world';
import { claimWalk, newOwner, readWalk } from './walk-state';

jest.setTimeout(90_000);

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let edge: FakeEdge | undefined;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  edge?.server.close();
  edge = undefined;
  await receiver.close();
});

/**
 * A deploy root whose production names an edge that serves revision 0 for good, and the CLI's
 * walk of mf-points 1.1.0 (50 % then 100 %, a second a step) killed once the share of its second
 * step is written: in its wait for the edge, before the step is recorded.
 */
async function killedInItsSecondStep(): Promise<EnvOptions> {
  const options = await walkDeployRoot();
  edge = await fakeEdge(0);
  await mkdir(path.dirname(settingsPath(options.root, 'production')), { recursive: true });
  await writeFile(settingsPath(options.root, 'production'), JSON.stringify({ edge: { origin: edge.url } }));
  let fed = false;
  await killedAt(await cliWalk(options, receiver.url, '50,100'), options.root, {
    meanwhile: async (manifest) => {
      if (manifest.remotes.mf_points!.canary?.percent !== 50 || fed) return;
      // Members load pages once the walk has begun (its figures count from its start): as many
      // canary pages as the receiver lets seven addresses add in a window (CANARY_ADDRESS_CAPS).
      await postHealthyLoads(receiver.url, '1.0.0', 'stable', 21);
      await postHealthyLoads(receiver.url, '1.1.0', 'canary', 21);
      fed = true;
    },
    now: inEdgeWaitAfter(edge, (manifest) => manifest.remotes.mf_points!.canary?.percent === 100),
  });
  // Killed in the window: the state still records the first step, and says what it was writing.
  expect(await readWalk(options.root, 'production', points)).toMatchObject({
    stepIndex: 0,
    intent: { stepIndex: 1, percent: 100, actor: 'grace' },
  });
  return options;
}

const resume = (options: EnvOptions) => resumedWalk(options, receiver.url);

const writeOf100 = async (root: string) =>
  (await readAudit(root)).find(
    (entry) => entry.action === 'canary' && (entry.to as { percent: number }).percent === 100,
  )!;

test('resumed, the killed walk goes on from the step it wrote, counting from the write when the edge does not serve it', async () => {
  const options = await killedInItsSecondStep();
  const { walking, first } = await resume(options);
  await expect(walking).resolves.toMatchObject({ outcome: 'promoted' });

  const written = await writeOf100(options.root);
  expect(first()).toMatchObject({ stepIndex: 1, revision: written.revision, stepStartedAt: written.at, intent: null });
  const { lines } = await productionTrail(options.root);
  expect(lines.filter((line) => /^(pin|canary|walk-resumed|promote) /.test(line))).toEqual([
    'pin {"stable":"1.0.0"}',
    'canary {"stable":"1.0.0","canary":"1.1.0","percent":50}',
    'canary {"stable":"1.0.0","canary":"1.1.0","percent":100}',
    expect.stringMatching(/^walk-resumed \{"owner":"erin on .*"step":"step 1\/2 \(50 %\)"\}$/),
    'promote {"stable":"1.1.0"}',
  ]);
  expect(await readWalk(options.root, 'production', points)).toBeNull();
});

test('resumed while the edge serves the step, the step counts from when the resume saw it served', async () => {
  const options = await killedInItsSecondStep();
  edge!.revision = 1_000;
  const { walking, resumedAt, first } = await resume(options);
  await expect(walking).resolves.toMatchObject({ outcome: 'promoted' });
  expect(first()).toMatchObject({ stepIndex: 1, revision: (await writeOf100(options.root)).revision });
  expect(Date.parse(first()!.stepStartedAt!)).toBeGreaterThanOrEqual(resumedAt);
});

test('killed before the write reached the audit log, the walk still knows the revision as its own', async () => {
  const options = await killedInItsSecondStep();
  // The manifest renamed into place, its audit line never appended: a kill between the two.
  const lines = (await readFile(auditLogPath(options.root), 'utf8')).trimEnd().split('\n');
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ action: 'canary', to: { percent: 100 } });
  await writeFile(auditLogPath(options.root), `${lines.slice(0, -1).join('\n')}\n`);
  const written = await readManifest(options.root, 'production');

  const { walking, first } = await resume(options);
  await expect(walking).resolves.toMatchObject({ outcome: 'promoted' });
  expect(first()).toMatchObject({ stepIndex: 1, revision: written.revision, stepStartedAt: written.updatedAt });
});

test('a change of the remote by someone else after the kill still ends the walk on its resume', async () => {
  const options = await killedInItsSecondStep();
  await canary(
    { ...options, actor: 'frank', edgeWait: { timeoutMs: 100 } },
    points,
    '1.1.0',
    10,
    'https://cdn.example/mf-points',
  );
  const { walking } = await resume(options);
  await expect(walking).rejects.toBeInstanceOf(WalkSupersededError);
  expect(await readWalk(options.root, 'production', points)).toBeNull();
  expect((await readManifest(options.root, 'production')).remotes.mf_points!.canary?.percent).toBe(10);
});

test('a first step refused by its checks leaves no walk behind, its intent and all', async () => {
  const options = await walkDeployRoot();
  const state = await claimWalk({
    root: options.root,
    env: 'production',
    remote: points,
    owner: newOwner('dana'),
    now: Date.now(),
    resume: false,
    takeOver: false,
    plan: { ...walkPlan(receiver.url), version: '9.9.9' },
  });
  await expect(walkFromState(state, options, { sleep: async () => undefined })).rejects.toThrow(/not published/);
  expect(await readWalk(options.root, 'production', points)).toBeNull();
  expect((await readManifest(options.root, 'production')).remotes.mf_points!.canary).toBeUndefined();
});
