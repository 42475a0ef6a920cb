/**
 * A walk's own writes (each step's share, its promotion or rollback) wait for the environment's
 * edge as a command by hand does: each step counts from when the edge served its share. The edge
 * is a local server that takes each revision of the deploy root's manifest up only a while after
 * it is written, serving the one before meanwhile, as the preview's reload does. Time is the
 * test's as in walk-lease.test.ts, but it runs on while the walk waits for the edge.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readAudit } from './audit-log';
import { walkFromState } from './canary-walk';
import type { EnvOptions } from './commands';
import { settingsPath } from './environment-settings';
import { readManifest } from './manifest-store';
import { ReceiverSource } from './metrics-source';
import { fakeEdge, type FakeEdge } from './testing/fake-edge';
import { MINUTE, points, postHealthyLoads, startReceiver, walkDeployRoot, walkPlan } from './testing/walk-world';
import { claimWalk, newOwner, readWalk } from './walk-state';

jest.setTimeout(60_000);

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let edge: FakeEdge | undefined;
/** The walk's time: the machine's, plus the minutes its readings skip. */
let skipped = 0;
const clock = () => Date.now() + skipped;
beforeEach(async () => {
  skipped = 0;
  receiver = await startReceiver();
});
afterEach(async () => {
  edge?.server.close();
  await receiver.close();
});

/** A deploy root whose production names an edge that takes each revision up `lagMs` after it is written. */
async function rootWithEdge(lagMs: number): Promise<EnvOptions> {
  const options = await walkDeployRoot();
  edge = await fakeEdge(0, { follow: { root: options.root, env: 'production', lagMs }, clock });
  await mkdir(path.dirname(settingsPath(options.root, 'production')), { recursive: true });
  await writeFile(settingsPath(options.root, 'production'), JSON.stringify({ edge: { origin: edge.url } }));
  return options;
}

/** Walks 25 % then 100 % with healthy traffic, noting at each reading the step and its mark as the walk's state keeps them. */
async function walkNoting(options: EnvOptions) {
  const steps: Array<{ revision: number; stepStartedAt: number }> = [];
  const lines: string[] = [];
  const state = await claimWalk({
    root: options.root,
    env: 'production',
    remote: points,
    owner: newOwner('dana'),
    now: clock(),
    resume: false,
    takeOver: false,
    plan: walkPlan(receiver.url),
  });
  const result = await walkFromState(state, options, {
    clock,
    log: (line) => lines.push(line),
    source: new ReceiverSource([`${receiver.url}/metrics`], () => new Date(clock())),
    sleep: async (ms) => {
      const walk = (await readWalk(options.root, 'production', points))!;
      if (steps.at(-1)?.revision !== walk.revision) {
        steps.push({ revision: walk.revision!, stepStartedAt: Date.parse(walk.stepStartedAt!) });
      }
      skipped += ms;
      const share = (await readManifest(options.root, 'production')).remotes.mf_points!.canary?.percent;
      if (share !== 100) await postHealthyLoads(receiver.url, '1.0.0', 'stable', 10);
      await postHealthyLoads(receiver.url, '1.1.0', 'canary', 10);
    },
  });
  return { result, steps, lines };
}

test("each step counts from when the edge served its share, and the walk's promotion returns once the edge serves it", async () => {
  const options = await rootWithEdge(300);
  const { result, steps, lines } = await walkNoting(options);
  expect(result.outcome).toBe('promoted');

  expect(steps.map((step) => step.revision)).toEqual([2, 3]);
  for (const step of steps) {
    // Not before members could get the share: the edge served the revision before the step began.
    expect(edge!.servedSince.get(step.revision)).toBeLessThanOrEqual(step.stepStartedAt);
  }
  // The promotion (revision 4) was served by the edge before the walk said it was over.
  expect((await readManifest(options.root, 'production')).revision).toBe(4);
  expect(edge!.servedSince.has(4)).toBe(true);
  expect(
    lines.filter((line) => /The edge \S+ serves revision \d \(\d+ ms after the write\)\./.test(line)),
  ).toHaveLength(3);
});

test('an edge that does not serve a step in time: the step counts from the write, the log says so, the walk goes on', async () => {
  const options = await rootWithEdge(60 * MINUTE);
  const { result, steps, lines } = await walkNoting({ ...options, edgeWait: { timeoutMs: 300, everyMs: 50 } });
  expect(result.outcome).toBe('promoted');

  const written = (await readAudit(options.root))
    .filter((entry) => entry.action === 'canary')
    .map((entry) => ({ revision: entry.revision, stepStartedAt: Date.parse(entry.at) }));
  expect(steps).toEqual(written);
  expect(lines).toContainEqual(
    `  Revision 2 is written, but the edge ${edge!.url} did not serve it within 0.3 s (it serves revision 1): members get it once the edge takes it up. The step counts from the write.`,
  );
});
