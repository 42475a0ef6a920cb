/**
 * The automatic canary, end to end below the browser: a real telemetry receiver takes the reports
 * a step's members would send, the walk reads its /metrics (the embedded source), and the release
 * manifest and the audit log say what it decided. Time is the test's: each wait of the walk is one
 * reading later, and the traffic of that while is posted to the receiver as it passes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildReceiver, REPORTS_ROUTE } from '../../telemetry/src/receiver';
import { sampleReceiver, reportBatch } from '../../telemetry/src/testing/sample-reports';
import { readAudit, readReadings } from './audit-log';
import { WalkInterruptedError, walkCanary } from './canary-walk';
import { pin, type EnvOptions } from './commands';
import { manifestsDir } from './deploy-layout';
import { settingsPath } from './environment-settings';
import { readManifest, updateManifest } from './manifest-store';
import { MetricsUnavailableError, ReceiverSource } from './metrics-source';
import { publish } from './publish';
import { fakeBuild, fakeShellManifest, tempDir } from './testing/fake-build';
import { webhookServer } from './testing/webhook';
import { MINUTE, PIN_AND_STEPS, WALK_ANALYSIS, points, productionTrail } from './testing/walk-world';

const ANALYSIS = WALK_ANALYSIS;

let receiver: FastifyInstance;
let receiverUrl: string;
beforeEach(async () => {
  ({ app: receiver } = await buildReceiver({
    ...sampleReceiver(),
    rateLimit: { max: 1_000_000, windowMs: MINUTE },
  }));
  await receiver.listen({ port: 0, host: '127.0.0.1' });
  receiverUrl = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
});
afterEach(() => receiver.close());

async function deployRoot() {
  const root = await tempDir('walk');
  const options: EnvOptions = {
    root,
    env: 'production',
    actor: 'release-bot',
    shellManifest: await fakeShellManifest(),
  };
  for (const version of ['1.0.0', '1.1.0']) {
    await publish({ root, remote: points, actor: 'ada', from: await fakeBuild(version) });
  }
  await pin(options, points, '1.0.0', 'https://cdn.example/mf-points');
  return options;
}

interface Traffic {
  /** Page loads per reading, for each channel. */
  loads: { stable: number; canary: number };
  /** One load in `failEvery` on the canary throws on render. */
  canaryFailEvery?: number;
}

/** Posts what `count` page loads of a release send: the page, the remote's load, LCP, INP, and a render failure where it threw. */
async function postLoads(version: string, channel: 'stable' | 'canary', count: number, failEvery?: number) {
  const release = { remote: 'mf_points', version, channel };
  for (let index = 0; index < count; index += 1) {
    const failed = failEvery !== undefined && index % failEvery === 0;
    const events = [
      { type: 'page', ...release, navigation: 'load' },
      failed
        ? { type: 'remote-load', ...release, outcome: 'failed', stage: 'render', attempts: 1, durationMs: 300 }
        : { type: 'remote-load', ...release, outcome: 'ok', attempts: 1, durationMs: 300 },
      ...(failed ? [{ type: 'error', ...release, kind: 'boundary' }] : []),
      { type: 'vital', ...release, name: 'LCP', value: 1800 },
      { type: 'vital', ...release, name: 'INP', value: 90 },
    ];
    const response = await fetch(`${receiverUrl}${REPORTS_ROUTE}`, {
      method: 'POST',
      // Members at seven addresses, as the edge names them to the receiver.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${index % 7}` },
      body: JSON.stringify(reportBatch('production', events)),
    });
    expect(response.status).toBe(204);
  }
}

function walk(options: EnvOptions, traffic: Traffic, steps = [25, 100], intervalMs = 3 * MINUTE) {
  let now = Date.parse('2026-11-25T10:00:00Z');
  return walkCanary({
    env: options,
    remote: points,
    version: '1.1.0',
    steps,
    intervalMs,
    analysis: ANALYSIS,
    source: new ReceiverSource([`${receiverUrl}/metrics`], () => new Date(now)),
    clock: () => now,
    sleep: async (ms) => {
      now += ms;
      // At 100 %, every member has the canary: stable gets no traffic.
      const share = (await readManifest(options.root, 'production')).remotes.mf_points!.canary?.percent;
      if (share !== 100) await postLoads('1.0.0', 'stable', traffic.loads.stable);
      await postLoads('1.1.0', 'canary', traffic.loads.canary, traffic.canaryFailEvery);
    },
  });
}

test('a healthy canary is walked through every step, each judged, then promoted', async () => {
  const options = await deployRoot();
  // At 100 %, stable gets no traffic: its figures since the walk began still stand.
  const result = await walk(options, { loads: { stable: 10, canary: 10 } });
  expect(result.outcome).toBe('promoted');
  const manifest = await readManifest(options.root, 'production');
  expect(manifest.remotes.mf_points!.stable.version).toBe('1.1.0');
  expect(manifest.remotes.mf_points!.canary).toBeUndefined();

  const { entries: audit, lines } = await productionTrail(options.root);
  expect(lines).toEqual([...PIN_AND_STEPS, 'analysis "promote"', 'promote {"stable":"1.1.0"}']);
  const judged = audit.find((entry) => entry.to === 'next step')!.analysis as {
    verdict: string;
    windowSeconds: number;
    checks: Array<{ check: string; canary: number; sample: { canary: number } }>;
  };
  expect(judged.verdict).toBe('pass');
  expect(judged.windowSeconds).toBe(180);
  // Three readings of ten loads each, counted exactly from the walk's start.
  expect(judged.checks.find((check) => check.check === 'errorRate')).toMatchObject({
    canary: 0,
    sample: { canary: 30 },
  });
  // Every reading is kept for the release page: three a step, one walk (ten canary loads fall
  // short of the minimum of twenty at the first).
  const readings = await readReadings(options.root);
  expect(readings.map((reading) => `${reading.percent} ${reading.verdict}`)).toEqual([
    '25 insufficient',
    ...Array(2).fill('25 pass'),
    ...Array(3).fill('100 pass'),
  ]);
  expect(new Set(readings.map((reading) => reading.walkStartedAt)).size).toBe(1);
});

test('a canary that throws on render for a share of loads is rolled back at the first reading that shows it', async () => {
  const options = await deployRoot();
  const result = await walk(options, { loads: { stable: 25, canary: 25 }, canaryFailEvery: 2 });
  expect(result).toMatchObject({ outcome: 'rolled-back', step: 25 });
  const manifest = await readManifest(options.root, 'production');
  expect(manifest.remotes.mf_points).toMatchObject({ stable: { version: '1.0.0' } });
  expect(manifest.remotes.mf_points!.canary).toBeUndefined();

  const rollback = (await readAudit(options.root)).at(-1)!;
  expect(rollback).toMatchObject({ action: 'rollback-canary', to: { stable: '1.0.0' }, from: { canary: '1.1.0' } });
  const analysis = rollback.analysis as {
    decision: string;
    windowSeconds: number;
    checks: Array<{ check: string; verdict: string; canary: number }>;
  };
  // Within the step's interval: after one reading, not three.
  expect(analysis).toMatchObject({ decision: 'rollback', windowSeconds: 60 });
  expect(analysis.checks.find((check) => check.check === 'errorRate')).toMatchObject({
    verdict: 'fail',
    canary: 13 / 25,
  });
  expect(analysis.checks.find((check) => check.check === 'failureRate')).toMatchObject({ verdict: 'fail' });
});

test('too little data waits past the interval, then holds the canary where it is', async () => {
  const options = await deployRoot();
  const result = await walk(options, { loads: { stable: 10, canary: 1 } });
  expect(result).toMatchObject({ outcome: 'held', step: 25 });
  const audit = (await readAudit(options.root)).filter((entry) => entry.env === 'production');
  expect(audit.slice(-2).map((entry) => [entry.action, entry.to])).toEqual([
    ['analysis', 'wait'],
    ['hold', 'hold'],
  ]);
  expect((await readManifest(options.root, 'production')).remotes.mf_points!.canary).toMatchObject({ percent: 25 });
});

test('a manifest changed by someone else meanwhile stops the walk without another write', async () => {
  const options = await deployRoot();
  let now = 0;
  const walking = walkCanary({
    env: options,
    remote: points,
    version: '1.1.0',
    steps: [25],
    intervalMs: 3 * MINUTE,
    analysis: ANALYSIS,
    source: new ReceiverSource([`${receiverUrl}/metrics`]),
    clock: () => now,
    sleep: async (ms) => {
      now += ms;
      await updateManifest({ ...options, actor: 'someone' }, (current) => ({
        next: current,
        audit: { action: 'touch', remote: 'mf-points', from: null, to: null },
      }));
    },
  });
  await expect(walking).rejects.toBeInstanceOf(WalkInterruptedError);
  expect((await readAudit(options.root)).at(-1)!.action).toBe('touch');
});

test('figures that cannot be read before the first step change nothing: the walk fails as a tool', async () => {
  const options = await deployRoot();
  const before = await readManifest(options.root, 'production');
  await receiver.close();
  await expect(walk(options, { loads: { stable: 10, canary: 10 } })).rejects.toThrow(MetricsUnavailableError);
  expect(await readManifest(options.root, 'production')).toEqual(before);
});

test.each([
  ['hold', 'held', 25],
  ['rollback', 'rolled-back', undefined],
] as const)(
  'a metrics outage during a step is retried, then the walk does as the analysis says (%s), in the audit log',
  async (then, outcome, percentLeft) => {
    const options = await deployRoot();
    let now = 0;
    let readings = 0;
    const source = new ReceiverSource([`${receiverUrl}/metrics`], () => new Date(now));
    const result = await walkCanary({
      env: options,
      remote: points,
      version: '1.1.0',
      steps: [25, 100],
      intervalMs: 3 * MINUTE,
      analysis: { ...ANALYSIS, onMetricsUnavailable: { retries: 2, then } },
      source,
      clock: () => now,
      sleep: async (ms) => {
        now += ms;
        readings += 1;
        // The receiver goes away after the first reading of the step.
        if (readings === 2) await receiver.close();
      },
    });
    expect(result.outcome).toBe(outcome);
    const last = (await readAudit(options.root)).at(-1)!;
    expect(last.analysis).toMatchObject({ verdict: 'unavailable', decision: then, failedReadings: 3 });
    expect(String((last.analysis as { error: string }).error)).toMatch(/cannot be read/);
    expect((await readManifest(options.root, 'production')).remotes.mf_points!.canary?.percent).toBe(percentLeft);
  },
);

/** The environment's webhook, in its settings file, as a release manager sets it. */
async function notifyTo(root: string, webhook: string) {
  await mkdir(manifestsDir(root), { recursive: true });
  await writeFile(settingsPath(root, 'production'), JSON.stringify({ notify: { webhook } }));
}

describe("a held walk's notification", () => {
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => stderr.mockRestore());

  test('is posted to the webhook and written to the audit log', async () => {
    const options = await deployRoot();
    const webhook = await webhookServer();
    try {
      await notifyTo(options.root, webhook.url);
      const result = await walk(options, { loads: { stable: 10, canary: 1 } });
      expect(result).toMatchObject({ outcome: 'held', step: 25 });
      expect(webhook.received.map((request) => request.body)).toEqual([
        expect.objectContaining({
          text: expect.stringMatching(
            /^:pause_button: mf-points 1\.1\.0 held in production at 25 %: decide by hand \(promote or rollback-canary\)\. Too little data after \d+ s\.$/,
          ),
        }),
      ]);
      const audit = (await readAudit(options.root)).filter((entry) => entry.env === 'production');
      expect(audit.slice(-2).map((entry) => [entry.action, entry.from])).toEqual([
        ['hold', { canary: '1.1.0', percent: 25 }],
        ['notified', 'held'],
      ]);
    } finally {
      await webhook.close();
    }
  });

  test('that fails is written to the audit log as a promotion or a rollback would be', async () => {
    const options = await deployRoot();
    // A port nothing listens on: taken, then let go.
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await notifyTo(options.root, `http://127.0.0.1:${port}/hooks/secret-token`);

    const result = await walk(options, { loads: { stable: 10, canary: 1 } });

    expect(result).toMatchObject({ outcome: 'held', step: 25 });
    const { revision } = await readManifest(options.root, 'production');
    const audit = await readAudit(options.root);
    expect(audit.at(-1)).toMatchObject({
      action: 'notify-failed',
      remote: 'mf-points',
      env: 'production',
      from: 'held',
      to: `http://127.0.0.1:${port}`,
      revision,
      error: expect.stringMatching(/held notification of mf-points 1\.1\.0 to http:\/\/127\.0\.0\.1:\d+ was not sent/),
    });
    expect(JSON.stringify(audit)).not.toContain('secret-token');
  });
});
