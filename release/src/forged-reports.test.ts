/**
 * Forged reports cannot decide a canary. A real receiver at its shipped limits takes what members'
 * pages send (each page load asks for a pass, then reports against it) from 240 addresses, and
 * an attacker at one address does the most those limits let it; the walk reads the receiver with
 * the shipped analysis file. Time is the test's (the walk's readings); the attacker's budget is
 * what the receiver allows in real time, which this whole test fits in.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { cohortBucket, networkCohortKey } from '@loyalty/shared/config';
import { buildReceiver, PASS_ROUTE, REPORTS_ROUTE } from '../../telemetry/src/receiver';
import { ReleaseCatalog } from '../../telemetry/src/release-catalog';
import { PassSigner } from '../../telemetry/src/reporter-pass';
import { loadAnalysis } from './analysis-config';
import { readAudit, readReadings } from './audit-log';
import { walkCanary, type WalkOutcome } from './canary-walk';
import { canary, pin, type EnvOptions } from './commands';
import { readManifest } from './manifest-store';
import { manifestPath, resolveRemote } from './deploy-layout';
import { ReceiverSource } from './metrics-source';
import { formatHealth, releaseHealth } from './release-health';
import { publish } from './publish';
import { fakeBuild, fakeShellManifest, tempDir } from './testing/fake-build';
import { seededRandom as random } from './testing/seeded-random';

const points = resolveRemote('mf-points');
const STABLE = { remote: 'mf_points', version: '1.0.0', channel: 'stable' } as const;
const CANARY = { remote: 'mf_points', version: '1.1.0', channel: 'canary' } as const;
/** The receivers' key: a network's cohort is its HMAC (decision 060), as a portal's receivers share it. */
const signer = new PassSigner('forged-reports');
/** Whether a page from `address` loads the canary at `percent`: the shell's rule, on its network's cohort. */
const onCanaryAt = (address: string, percent: number) =>
  cohortBucket(CANARY.remote, networkCohortKey(signer.cohortOf(address))) < percent;
/** The first of `addresses` whose network a 25 % canary covers: where a forger reports from. */
const firstCovered = (addresses: (index: number) => string) => {
  for (let index = 0; ; index += 1) if (onCanaryAt(addresses(index), 25)) return addresses(index);
};
/** An attacker that found one of its networks on the canary (every other one it has gets no canary pass). */
const ATTACKER = firstCovered((index) => `203.0.113.${index}`);

/**
 * Member `index`'s home network, of 240: each loads a page every four readings, and a canary's
 * members are the homes its share covers (about 60 at 25 %), as a page picks its release by its
 * network's cohort.
 */
const homeOf = (index: number) => `10.0.0.${index % 240}`;

let receiver: FastifyInstance;
let receiverUrl: string;
let releases: ReleaseCatalog;
let options: EnvOptions;
beforeEach(async () => {
  options = await deployRoot();
  // The manifest the walk writes, read as a portal's receiver reads its edge's.
  releases = new ReleaseCatalog({ sources: [manifestPath(options.root, 'production')], shellVersions: [] });
  await releases.refresh();
  // The shipped limits: nothing lifted.
  ({ app: receiver } = await buildReceiver({ releases, passes: signer, processMetrics: false }));
  await receiver.listen({ port: 0, host: '127.0.0.1' });
  receiverUrl = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
});
afterEach(() => receiver.close());

/** One request as the edge passes it on, naming the client's address. */
const send = (url: string, body: unknown, address: string) =>
  receiver.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    payload: JSON.stringify(body),
  });

/** A pass for one page at `address`, naming `release`; null when the receiver gives none for it. */
async function passFor(release: typeof STABLE | typeof CANARY, address: string): Promise<string | null> {
  const response = await send(
    PASS_ROUTE,
    { format: 2, environment: 'production', releases: [{ ...release }] },
    address,
  );
  if (response.statusCode !== 201) return null;
  // A canary left out of the pass (the address holds too many) makes it a pass for nothing here.
  return (response.json() as { releases: number }).releases > 0 ? (response.json() as { pass: string }).pass : null;
}

/** One member's page load at `address`: its pass, then its landing, and an error when it threw. */
async function pageLoad(release: typeof STABLE | typeof CANARY, address: string, threw: boolean) {
  const pass = await passFor(release, address);
  if (!pass) return;
  const events = [
    { type: 'page', ...release, navigation: 'load' },
    {
      type: 'remote-load',
      ...release,
      outcome: threw ? 'failed' : 'ok',
      stage: threw ? 'render' : undefined,
      attempts: 1,
      durationMs: 300,
    },
    ...(threw ? [{ type: 'error', ...release, kind: 'boundary' }] : []),
    { type: 'vital', ...release, name: 'LCP', value: 1500 + (address.length % 7) * 100 },
    { type: 'vital', ...release, name: 'INP', value: 80 + (address.length % 5) * 20 },
    { type: 'vital', ...release, name: 'CLS', value: (address.length % 3) * 0.01 },
  ].map((event) => Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined)));
  expect((await send(REPORTS_ROUTE, { format: 2, environment: 'production', pass, events }, address)).statusCode).toBe(
    204,
  );
}

/**
 * The attacker's best at one reading from `address`: as many canary passes as it is given, each
 * carrying a page's worth of what it wants counted (errors, or clean pages to hide a broken canary).
 */
async function attack(kind: 'errors' | 'clean pages', address = ATTACKER): Promise<{ sent: number; passes: number }> {
  let sent = 0;
  let passes = 0;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const pass = await passFor(CANARY, address);
    if (!pass) continue;
    passes += 1;
    const failedLoad = { ...CANARY, outcome: 'failed', stage: 'render', attempts: 1, durationMs: 300 };
    const okLoad = { ...CANARY, outcome: 'ok', attempts: 1, durationMs: 300 };
    // Each in batches the receiver takes (at most 64 events), all on the same pass.
    const batches =
      kind === 'errors'
        ? [
            [
              { type: 'page', ...CANARY, navigation: 'load' },
              ...Array.from({ length: 30 }, () => ({ type: 'page', ...CANARY, navigation: 'route' })),
              ...Array.from({ length: 31 }, () => ({ type: 'error', ...CANARY, kind: 'boundary' })),
            ],
            Array.from({ length: 5 }, () => ({ type: 'remote-load', ...failedLoad })),
          ]
        : [
            [
              { type: 'page', ...CANARY, navigation: 'load' },
              ...Array.from({ length: 60 }, () => ({ type: 'page', ...CANARY, navigation: 'route' })),
            ],
            [...Array.from({ length: 5 }, () => ({ type: 'remote-load', ...okLoad })), ...goodVitals(CANARY)],
          ];
    for (const events of batches) {
      sent += events.length;
      const response = await send(REPORTS_ROUTE, { format: 2, environment: 'production', pass, events }, address);
      expect(response.statusCode).toBe(204);
    }
  }
  return { sent, passes };
}

/** Two of each vital, as a fast page reports them: what a pass may carry for one release. */
const goodVitals = (release: typeof STABLE | typeof CANARY) =>
  (['LCP', 'INP', 'CLS'] as const).flatMap((name) =>
    Array.from({ length: 2 }, () => ({
      type: 'vital',
      ...release,
      name,
      value: { LCP: 1500, INP: 80, CLS: 0 }[name],
    })),
  );

/**
 * Stable pages from `address` on `passes` passes, each with an error and a failed remote load:
 * stable is not capped per address (many members behind one all count), so a forger can give
 * stable the sample a comparison needs, and raise the rates the canary is compared with, leaving
 * the canary to its absolute ceilings alone.
 */
async function badStable(address: string, passes: number): Promise<void> {
  for (let index = 0; index < passes; index += 1) {
    const pass = await passFor(STABLE, address);
    if (!pass) continue;
    const load = (outcome: string) => ({
      type: 'remote-load',
      ...STABLE,
      outcome,
      ...(outcome === 'failed' ? { stage: 'render' } : {}),
      attempts: 1,
      durationMs: 300,
    });
    const batches = [
      [
        { type: 'page', ...STABLE, navigation: 'load' },
        ...Array.from({ length: 30 }, () => ({ type: 'page', ...STABLE, navigation: 'route' })),
        { type: 'error', ...STABLE, kind: 'boundary' },
      ],
      [load('failed'), ...Array.from({ length: 4 }, () => load('ok')), ...goodVitals(STABLE)],
    ];
    for (const events of batches)
      expect(
        (await send(REPORTS_ROUTE, { format: 2, environment: 'production', pass, events }, address)).statusCode,
      ).toBe(204);
  }
}

/**
 * The sharpest errors one address can add to a canary in one pass: a landing, two route changes,
 * an error on each page and as many failed remote loads, all the per-address caps allow, with no
 * clean page to dilute them.
 */
async function sharpErrors(address: string): Promise<void> {
  const pass = await passFor(CANARY, address);
  if (!pass) return;
  const events = [
    { type: 'page', ...CANARY, navigation: 'load' },
    { type: 'page', ...CANARY, navigation: 'route' },
    { type: 'page', ...CANARY, navigation: 'route' },
    ...Array.from({ length: 3 }, () => ({ type: 'error', ...CANARY, kind: 'boundary' })),
    ...Array.from({ length: 3 }, () => ({
      type: 'remote-load',
      ...CANARY,
      outcome: 'failed',
      stage: 'render',
      attempts: 1,
      durationMs: 300,
    })),
  ];
  expect((await send(REPORTS_ROUTE, { format: 2, environment: 'production', pass, events }, address)).statusCode).toBe(
    204,
  );
}

async function deployRoot(): Promise<EnvOptions> {
  const root = await tempDir('forged');
  const options: EnvOptions = {
    root,
    env: 'production',
    actor: 'release-bot',
    shellManifest: await fakeShellManifest(),
  };
  for (const version of ['1.0.0', '1.1.0'])
    await publish({ root, remote: points, actor: 'ada', from: await fakeBuild(version) });
  await pin(options, points, '1.0.0', 'https://cdn.example/mf-points');
  return options;
}

/**
 * Walks 1.1.0 through 25 % and 100 % with the shipped analysis. Each reading, members at 240
 * addresses load `loads` pages (stable's share goes to the canary at 100 %), the canary's throwing
 * on `canaryFailure` of its loads and stable's on 1 %; the attacker does its best alongside, each
 * reading (`attacker` is told which, from 0).
 */
async function walkUnderAttack(
  canaryFailure: number,
  attacker: ((reading: number) => Promise<{ sent: number; passes: number } | void>) | null,
  loads = 60,
  addressOf: (member: number) => string = homeOf,
) {
  const analysis = await loadAnalysis();
  const next = random(49);
  let now = Date.parse('2026-11-28T10:00:00Z');
  let member = 0;
  let reading = 0;
  const forged = { sent: 0, passes: 0 };
  const result: WalkOutcome = await walkCanary({
    env: options,
    remote: points,
    version: '1.1.0',
    steps: [25, 100],
    intervalMs: 10 * 60_000,
    analysis,
    source: new ReceiverSource([`${receiverUrl}/metrics`], () => new Date(now)),
    clock: () => now,
    log: () => undefined,
    sleep: async (ms) => {
      now += ms;
      const share = (await readManifest(options.root, 'production')).remotes.mf_points!.canary?.percent ?? 0;
      // The receiver reads the manifests again, as it does every few seconds.
      await releases.refresh();
      for (let load = 0; load < loads; load += 1) {
        const address = addressOf((member += 1));
        const onCanary = onCanaryAt(address, share);
        await pageLoad(onCanary ? CANARY : STABLE, address, next() < (onCanary ? canaryFailure : 0.01));
      }
      const done = await attacker?.(reading);
      reading += 1;
      if (done) {
        forged.sent += done.sent;
        forged.passes += done.passes;
      }
    },
  });
  return { result, attacker: forged, audit: await readAudit(options.root), readings: await readReadings(options.root) };
}

test('a stream of forged errors from one address does not roll back a healthy canary', async () => {
  const { result, attacker, readings } = await walkUnderAttack(0.01, () => attack('errors'));
  // The attacker sent thousands of error events, on the ten canary passes its address was given.
  expect(attacker.passes).toBe(10);
  expect(attacker.sent).toBeGreaterThan(600);
  expect(result.outcome).toBe('promoted');
  // What the receiver did not count is in every reading, by reason: most of what the attacker sent.
  for (const reading of readings) expect(reading.refusals?.droppedEvents).toBeDefined();
  expect(readings.at(-1)!.refusals!.droppedEvents!['reporter-cap']).toBeGreaterThan(attacker.sent / 2);
}, 60_000);

test('a stream of clean-looking pages from one address does not get a broken canary promoted', async () => {
  const { result, audit } = await walkUnderAttack(0.5, () => attack('clean pages'));
  expect(result.outcome).toBe('rolled-back');
  expect(audit.at(-1)).toMatchObject({ action: 'rollback-canary' });
}, 60_000);

test('figures that rest on one address decide nothing: a canary only the attacker reports on is held', async () => {
  const analysis = await loadAnalysis();
  let now = Date.parse('2026-11-28T10:00:00Z');
  const result = await walkCanary({
    env: options,
    remote: points,
    version: '1.1.0',
    steps: [25],
    intervalMs: 5 * 60_000,
    analysis: { ...analysis, holdAfterMs: 2 * 60_000 },
    source: new ReceiverSource([`${receiverUrl}/metrics`], () => new Date(now)),
    clock: () => now,
    log: () => undefined,
    sleep: async (ms) => {
      now += ms;
      await releases.refresh();
      for (let load = 0; load < 40; load += 1) await pageLoad(STABLE, `198.51.100.${load}`, false);
      await attack('errors');
    },
  });
  expect(result.outcome).toBe('held');
  expect(result.judgement.reporters).toEqual({ canary: 1, minimum: analysis.minReporters });
}, 60_000);

/** A healthy canary walked while `forgers` each send their sharpest errors at its first step. */
const sharpErrorsFrom = (forgers: readonly string[]) =>
  walkUnderAttack(0.01, async (reading) => {
    if (reading === 0) for (const address of forgers) await sharpErrors(address);
  });

/**
 * A canary failing half its loads, walked while `forgers` each send clean canary pages and bad
 * stable ones at its first step. Members load eight pages a minute: about a hundred canary loads
 * over the walk. The forgers give stable its sample, with errors, so the canary meets its ceilings
 * alone.
 */
const cleanPagesFrom = (forgers: readonly string[]) =>
  walkUnderAttack(
    0.5,
    async (reading) => {
      if (reading > 0) return;
      for (const address of forgers) {
        await attack('clean pages', address);
        await badStable(address, 3);
      }
    },
    8,
  );

/**
 * `count` /64s of one /56 (2001:db8:66:4200::/56), the block an ISP hands one home (RFC 6177,
 * RIPE-690): one subscriber's addresses, however many /64s it spreads over.
 */
const oneHome = (count: number) => {
  // A home whose network a 25 % canary covers: the forger's best, its other homes get no canary pass.
  const home = firstCovered((index) => `2001:db8:66:${(index + 0x42).toString(16)}00::1`).split(':')[2]!;
  const prefix = home.slice(0, -2);
  return Array.from({ length: count }, (_, index) => `2001:db8:66:${prefix}${index.toString(16).padStart(2, '0')}::1`);
};

test('events the receiver does not count are in release health, by reason', async () => {
  await canary(options, points, '1.1.0', 25);
  await releases.refresh();
  const { sent } = await attack('errors');
  const source = new ReceiverSource([`${receiverUrl}/metrics`]);
  const report = await releaseHealth(options.root, 'production', points, source, await loadAnalysis(), 3_600_000);
  const dropped = report.refusals!.droppedEvents!['reporter-cap']!;
  // Ten passes' worth of errors and pages, of which one address's caps let a few through.
  expect(dropped).toBeGreaterThan(sent / 2);
  expect(formatHealth(report)).toContain(
    `Refused in production (and where a refusal could not say whose): 0 clients for their rate of 1 reporting; events the receivers did not count: ${dropped} reporter-cap`,
  );
}, 60_000);

describe('forgers at many /64s of one home count as one subscriber', () => {
  // Each /64 counted apart, a few of them won (decision 060's amendment of 2026-11-29 has the counts).
  test('forged errors from 16 /64s of one /56 do not roll back a healthy canary', async () => {
    const { result } = await sharpErrorsFrom(oneHome(16));
    expect(result.outcome).toBe('promoted');
  }, 60_000);

  test('clean pages from 50 /64s of one /56 do not get a broken canary promoted', async () => {
    const { result, audit } = await cleanPagesFrom(oneHome(50));
    expect(result.outcome).toBe('rolled-back');
    expect(audit.at(-1)).toMatchObject({ action: 'rollback-canary' });
  }, 60_000);
});

describe('members behind one address (a hotel, an office) count as one subscriber', () => {
  // What the per-subscriber caps cost: one address's canary members add one subscriber's worth of
  // evidence. It errs towards holding, never towards promoting a broken canary.
  const HOTEL = firstCovered((index) => `192.0.2.${80 + index}`);

  test('a broken canary whose members are all at one hotel is never promoted: it is held', async () => {
    const { result, audit } = await walkUnderAttack(0.5, null, 40, () => HOTEL);
    expect(result.outcome).toBe('held');
    expect(result.judgement.reporters).toEqual({ canary: 1, minimum: (await loadAnalysis()).minReporters });
    expect(audit.map((line) => line.action)).not.toContain('promote');
  }, 60_000);

  test('the same canary with its members spread over homes as well as the hotel is rolled back', async () => {
    // Every other load from the hotel, the rest from 240 homes: the homes' failures decide.
    const { result } = await walkUnderAttack(0.5, null, 40, (member) => (member % 2 === 0 ? HOTEL : homeOf(member)));
    expect(result.outcome).toBe('rolled-back');
  }, 60_000);
});

describe('forgers with a network each reach the canary from its share of them alone', () => {
  // Each /56 a subscription of its own: the canary's cohort is the receiver's choice, so a forger
  // reaches a 25 % canary from about a quarter of them (decision 060's amendments have the counts).
  const networks = (count: number) =>
    Array.from({ length: count }, (_, index) => `2001:db8:77:${index.toString(16)}00::1`);

  test('of 40 networks, those the share covers get a canary pass, and no other', async () => {
    await canary(options, points, '1.1.0', 25);
    await releases.refresh();
    const covered: string[] = [];
    for (const address of networks(40)) if (await passFor(CANARY, address)) covered.push(address);
    expect(covered).toEqual(networks(40).filter((address) => onCanaryAt(address, 25)));
    expect(covered.length).toBeGreaterThan(3);
    expect(covered.length).toBeLessThan(20);
  });

  test('forged errors from five networks do not roll back a healthy canary (three did, each choosing its cohort)', async () => {
    const { result } = await sharpErrorsFrom(networks(5));
    expect(result.outcome).toBe('promoted');
  }, 60_000);

  test('clean pages from 100 networks do not get a broken canary promoted (50 did)', async () => {
    const { result } = await cleanPagesFrom(networks(100));
    expect(result.outcome).toBe('rolled-back');
  }, 120_000);
});
