import type { AddressInfo } from 'node:net';
import { buildReceiver, REPORTS_ROUTE } from '../../../telemetry/src/receiver';
import { reportBatch, sampleReceiver } from '../../../telemetry/src/testing/sample-reports';
import type { Analysis, CheckConfig } from '../analysis-config';
import { readAudit } from '../audit-log';
import { pin, type EnvOptions } from '../commands';
import { resolveRemote } from '../deploy-layout';
import { publish } from '../publish';
import { fakeBuild, fakeShellManifest, tempDir } from './fake-build';
import { SHIPPED } from './shipped-checks';
import type { WalkPlan } from '../walk-state';

/** A world for canary walks in unit tests: a real receiver, a deploy root with mf-points 1.0.0 stable and 1.1.0 published. */
export const points = resolveRemote('mf-points');
export const MINUTE = 60_000;
/** The shipped checks, with the walk tests' thresholds. */
export const WALK_CHECKS = [
  { ...SHIPPED.errorRate, minSample: 20, maxIncrease: 0.02, ceiling: 0.2 },
  { ...SHIPPED.failureRate, minSample: 20, maxIncrease: 0.02, ceiling: 0.2 },
  { ...SHIPPED.lcpP75, minSample: 10, maxRatio: 1.2, slack: 100 },
  { ...SHIPPED.inpP75, minSample: 5, maxRatio: 1.2, slack: 20 },
] as CheckConfig[];
export const WALK_ANALYSIS: Analysis = {
  windowMs: 10 * MINUTE,
  checkEveryMs: MINUTE,
  holdAfterMs: 2 * MINUTE,
  scrapeIntervalMs: 15_000,
  confidence: 0.95,
  minReporters: 5,
  maxRefusedShare: 0.05,
  onMetricsUnavailable: { retries: 2, then: 'hold' },
  checks: WALK_CHECKS,
};

/** The world's walk of mf-points 1.1.0: 25 % then 100 %, three minutes a step, its figures from the receiver at `receiverUrl`. */
export const walkPlan = (receiverUrl: string): WalkPlan => ({
  version: '1.1.0',
  steps: [25, 100],
  intervalMs: 3 * MINUTE,
  analysisFile: null,
  analysis: WALK_ANALYSIS,
  source: { kind: 'receiver', metricsUrls: [`${receiverUrl}/metrics`] },
  baseUrl: 'https://cdn.example/mf-points',
});

/** A telemetry receiver on a free port, taking reports without a rate limit to speak of. */
export async function startReceiver() {
  const { app } = await buildReceiver({
    ...sampleReceiver(),
    rateLimit: { max: 1_000_000, windowMs: MINUTE },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { url, close: () => app.close() };
}

export async function walkDeployRoot(actor = 'release-bot'): Promise<EnvOptions> {
  const root = await tempDir('walk');
  const options: EnvOptions = { root, env: 'production', actor, shellManifest: await fakeShellManifest() };
  for (const version of ['1.0.0', '1.1.0']) {
    await publish({ root, remote: points, actor: 'ada', from: await fakeBuild(version) });
  }
  await pin(options, points, '1.0.0', 'https://cdn.example/mf-points');
  return options;
}

/**
 * What `count` page loads of a release send to the receiver: the page, the remote's load, LCP and
 * INP; a load that `fails` also throws on render (a failed remote load and an error).
 */
export async function postLoads(
  receiverUrl: string,
  version: string,
  channel: string,
  count: number,
  { fails = false }: { fails?: boolean } = {},
) {
  const release = { remote: 'mf_points', version, channel };
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${receiverUrl}${REPORTS_ROUTE}`, {
      method: 'POST',
      // Members at seven addresses, as the edge names them to the receiver.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${index % 7}` },
      body: JSON.stringify(
        reportBatch('production', [
          { type: 'page', ...release, navigation: 'load' },
          fails
            ? { type: 'remote-load', ...release, outcome: 'failed', stage: 'render', attempts: 1, durationMs: 300 }
            : { type: 'remote-load', ...release, outcome: 'ok', attempts: 1, durationMs: 300 },
          ...(fails ? [{ type: 'error', ...release, kind: 'boundary' }] : []),
          { type: 'vital', ...release, name: 'LCP', value: 1800 },
          { type: 'vital', ...release, name: 'INP', value: 90 },
        ]),
      ),
    });
    if (response.status !== 204) throw new Error(`the receiver answered ${response.status}`);
  }
}

/** What `count` healthy page loads of a release send to the receiver. */
export const postHealthyLoads = (receiverUrl: string, version: string, channel: string, count: number) =>
  postLoads(receiverUrl, version, channel, count);

/** The production environment's audit entries, and each as `action to`: a walk read at a glance. */
export async function productionTrail(root: string) {
  const entries = (await readAudit(root)).filter((entry) => entry.env === 'production');
  return { entries, lines: entries.map((entry) => `${entry.action} ${JSON.stringify(entry.to)}`) };
}

/** The world's pin, then its walk's two steps up to 100 %, as productionTrail writes them. */
export const PIN_AND_STEPS = [
  'pin {"stable":"1.0.0"}',
  'canary {"stable":"1.0.0","canary":"1.1.0","percent":25}',
  'analysis "next step"',
  'canary {"stable":"1.0.0","canary":"1.1.0","percent":100}',
];
