/**
 * Starved figures cannot promote (decision 058): a walk whose members' reports are being refused
 * for their rate, beyond `maxRefusedShare` of the clients reporting, turns each passing reading
 * into `insufficient` and holds at its step. The refusals are the edge's, told to a real receiver
 * as the edge tells them; the figures are what the receiver counted.
 */
import { EDGE_REFUSAL_ROUTE } from '../../telemetry/src/receiver';
import { readReadings } from './audit-log';
import { walkCanary } from './canary-walk';
import { readManifest } from './manifest-store';
import { ReceiverSource } from './metrics-source';
import {
  MINUTE,
  WALK_ANALYSIS,
  points,
  postHealthyLoads,
  productionTrail,
  startReceiver,
  walkDeployRoot,
} from './testing/walk-world';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => (receiver = await startReceiver()));
afterEach(() => receiver.close());

/** The edge's notice that it refused `address` for its rate (nginx-config.mjs), through the edge. */
async function edgeRefused(address: string) {
  const response = await fetch(`${receiver.url}${EDGE_REFUSAL_ROUTE}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address },
  });
  expect(response.status).toBe(429);
}

/**
 * A healthy canary walked to 25 % then 100 %, its members at seven addresses reporting ten loads
 * a side each reading, while the edge refuses `refused` other clients once each.
 */
async function walkWhileRefusing(refused: number) {
  const options = await walkDeployRoot();
  const said: string[] = [];
  let now = Date.parse('2026-11-29T10:00:00Z');
  let told = false;
  const outcome = await walkCanary({
    env: options,
    remote: points,
    version: '1.1.0',
    steps: [25, 100],
    intervalMs: 3 * MINUTE,
    analysis: WALK_ANALYSIS,
    source: new ReceiverSource([`${receiver.url}/metrics`], () => new Date(now)),
    clock: () => now,
    log: (line) => said.push(line),
    sleep: async (ms) => {
      now += ms;
      const share = (await readManifest(options.root, 'production')).remotes.mf_points!.canary?.percent;
      if (share !== 100) await postHealthyLoads(receiver.url, '1.0.0', 'stable', 10);
      await postHealthyLoads(receiver.url, '1.1.0', 'canary', 10);
      if (!told) for (let client = 0; client < refused; client += 1) await edgeRefused(`203.0.113.${client + 1}`);
      told = true;
    },
  });
  return { outcome, said, options };
}

test('with no client refused, the healthy canary is promoted', async () => {
  const { outcome } = await walkWhileRefusing(0);
  expect(outcome.outcome).toBe('promoted');
}, 60_000);

test('with more clients refused than maxRefusedShare of those reporting, it is held at its step, never promoted', async () => {
  // One client refused against the members' seven addresses: above 5 %.
  const { outcome, said, options } = await walkWhileRefusing(1);
  expect(outcome).toMatchObject({ outcome: 'held', step: 25 });
  const { lines } = await productionTrail(options.root);
  expect(lines).not.toContainEqual(expect.stringMatching(/^promote|next step/));
  expect(lines.at(-1)).toBe('hold "hold"');
  // No reading passed; the last ones would have on their figures alone: the refusals made them wait.
  const readings = await readReadings(options.root);
  for (const reading of readings) {
    expect(reading).toMatchObject({
      verdict: 'insufficient',
      refusals: { refusedAddresses: 1, reportingAddresses: 7 },
    });
  }
  expect(readings.at(-1)!.checks.map((check) => check.verdict)).toEqual(['pass', 'pass', 'pass', 'pass']);
  expect(said).toContainEqual(
    expect.stringMatching(/refused for their rate: 1 of 7 reporting: nothing passes on starved/),
  );
}, 60_000);
