import type { AuditEntry, WalkReading } from '../audit-log';
import type { RecordedCheckResult, Verdict } from '../canary-analysis';

/**
 * Two recorded walks of mf-points in production, as `release canary --steps` writes them: 1.2.0
 * rolled back at 25 % on its error rate, then 1.1.0 promoted through 5, 50 and 100 %, with one
 * reading whose figures could not be read and some reports refused for their rate.
 */
const CONFIDENCE = 0.95;
const ALPHA = 0.05 / 24;

const at = (start: string, seconds: number) => new Date(Date.parse(start) + seconds * 1000).toISOString();

interface Figures {
  loads: [number, number];
  errors: [number, number];
  lcp: [number, number];
  inp: [number, number];
  vitals: [number, number];
}

function rateCheck(
  check: 'errorRate' | 'failureRate',
  figures: Figures,
  verdict: Verdict,
  minimum: number,
): RecordedCheckResult {
  const [canaryLoads, stableLoads] = figures.loads;
  const canary = canaryLoads ? figures.errors[0] / canaryLoads : null;
  const stable = stableLoads ? figures.errors[1] / stableLoads : null;
  // About a 99.8 % normal interval, widened by one load: what the exact test's would look like.
  const spread = canaryLoads
    ? 3 * Math.sqrt((Math.max(canary ?? 0, 0.02) * (1 - (canary ?? 0))) / canaryLoads) + 1 / canaryLoads
    : 0.5;
  const difference = (canary ?? 0) - (stable ?? 0);
  return {
    check,
    verdict,
    ...(verdict === 'fail' ? { reason: 'stable' as const } : {}),
    canary,
    stable,
    limit: stable === null ? 0.02 : Math.min(stable + (check === 'errorRate' ? 0.01 : 0.005), 0.02),
    sample: { canary: canaryLoads, stable: stableLoads, minimum },
    confidence: CONFIDENCE,
    alpha: ALPHA,
    pValue: verdict === 'fail' ? 0.00031 : Math.min(1, 0.4 + spread),
    interval: canaryLoads ? { low: Math.max(-1, difference - spread), high: Math.min(1, difference + spread) } : null,
  };
}

function latencyCheck(
  check: 'lcpP75' | 'inpP75',
  figures: Figures,
  verdict: Verdict,
  minimum: number,
): RecordedCheckResult {
  const [canary, stable] = check === 'lcpP75' ? figures.lcp : figures.inp;
  const [canarySample, stableSample] = figures.vitals;
  const limit = check === 'lcpP75' ? stable * 1.2 + 100 : stable * 1.2 + 20;
  const share = Math.min(0.24, Math.max(0.02, (canary / limit) * 0.2));
  const spread = canarySample ? 1 / Math.sqrt(canarySample) : 0.5;
  return {
    check,
    verdict,
    canary,
    stable,
    limit,
    sample: {
      canary: check === 'lcpP75' ? canarySample : Math.round(canarySample / 2),
      stable: check === 'lcpP75' ? stableSample : Math.round(stableSample / 2),
      minimum,
    },
    confidence: CONFIDENCE,
    alpha: ALPHA,
    pValue: 0.62,
    interval: { low: Math.max(0, share - spread), high: Math.min(1, share + spread) },
  };
}

function reading(
  walk: { start: string; version: string },
  seconds: number,
  step: string,
  percent: number,
  figures: Figures,
  verdicts: [Verdict, Verdict, Verdict, Verdict],
  refusals: { refusedAddresses: number; reportingAddresses: number },
): WalkReading {
  const verdict: Verdict = verdicts.includes('fail')
    ? 'fail'
    : verdicts.includes('insufficient')
      ? 'insufficient'
      : 'pass';
  return {
    at: at(walk.start, seconds),
    env: 'production',
    remote: 'mf-points',
    version: walk.version,
    stable: '1.0.0',
    walkStartedAt: walk.start,
    step,
    percent,
    windowSeconds: seconds,
    verdict,
    checks: [
      rateCheck('errorRate', figures, verdicts[0], 20),
      rateCheck('failureRate', { ...figures, errors: [Math.floor(figures.errors[0] / 2), 0] }, verdicts[1], 20),
      latencyCheck('lcpP75', figures, verdicts[2], 10),
      latencyCheck('inpP75', figures, verdicts[3], 5),
    ],
    refusals,
  };
}

const audit = (
  start: string,
  seconds: number,
  entry: Omit<AuditEntry, 'at' | 'actor' | 'env' | 'remote'>,
): AuditEntry => ({
  at: at(start, seconds + 0.2),
  actor: 'dana',
  env: 'production',
  remote: 'mf-points',
  ...entry,
});

const step = (start: string, seconds: number, version: string, from: number | null, to: number) =>
  audit(start, seconds, {
    action: 'canary',
    from: from === null ? { stable: '1.0.0' } : { stable: '1.0.0', canary: version, percent: from },
    to: { stable: '1.0.0', canary: version, percent: to },
  });

const analysis = (
  start: string,
  seconds: number,
  version: string,
  percent: number,
  decision: string,
  verdict: string,
) =>
  audit(start, seconds, {
    action: decision === 'hold' ? 'hold' : 'analysis',
    from: { canary: version, percent },
    to: decision,
    analysis: { percent, windowSeconds: seconds, verdict, decision },
  });

export function releasePageFixture(): { readings: WalkReading[]; audit: AuditEntry[] } {
  const failed = { start: '2026-11-26T00:32:35.000Z', version: '1.2.0' };
  const promoted = { start: '2026-11-26T00:40:00.000Z', version: '1.1.0' };
  const readings: WalkReading[] = [];
  const entries: AuditEntry[] = [];

  // 1.2.0: 5 % for a minute, then 25 %, where the canary's errors are evidence enough.
  entries.push(step(failed.start, 0, failed.version, null, 5));
  const failing: Array<[number, string, number, Figures, [Verdict, Verdict, Verdict, Verdict]]> = [
    [
      15,
      '1/4',
      5,
      { loads: [2, 40], errors: [0, 0], lcp: [1300, 1250], inp: [40, 38], vitals: [2, 38] },
      ['insufficient', 'insufficient', 'insufficient', 'insufficient'],
    ],
    [
      30,
      '1/4',
      5,
      { loads: [5, 80], errors: [0, 0], lcp: [1350, 1240], inp: [38, 39], vitals: [5, 77] },
      ['insufficient', 'insufficient', 'insufficient', 'insufficient'],
    ],
    [
      45,
      '1/4',
      5,
      { loads: [9, 118], errors: [0, 1], lcp: [1340, 1230], inp: [36, 39], vitals: [9, 115] },
      ['insufficient', 'insufficient', 'insufficient', 'pass'],
    ],
    [
      60,
      '1/4',
      5,
      { loads: [17, 160], errors: [0, 1], lcp: [1344, 1210], inp: [37, 39], vitals: [16, 155] },
      ['insufficient', 'insufficient', 'pass', 'pass'],
    ],
    [
      75,
      '1/4',
      5,
      { loads: [22, 190], errors: [0, 1], lcp: [1351, 1205], inp: [37, 39], vitals: [21, 186] },
      ['pass', 'pass', 'pass', 'pass'],
    ],
    [
      90,
      '2/4',
      25,
      { loads: [40, 214], errors: [6, 1], lcp: [1348, 1204], inp: [37, 39], vitals: [38, 210] },
      ['insufficient', 'insufficient', 'pass', 'pass'],
    ],
    [
      105,
      '2/4',
      25,
      { loads: [62, 236], errors: [19, 1], lcp: [1344, 1203], inp: [37, 39], vitals: [58, 230] },
      ['fail', 'fail', 'pass', 'pass'],
    ],
  ];
  for (const [seconds, stepName, percent, figures, verdicts] of failing) {
    readings.push(
      reading(failed, seconds, stepName, percent, figures, verdicts, {
        refusedAddresses: 0,
        reportingAddresses: Math.round(seconds * 0.3),
      }),
    );
  }
  entries.push(analysis(failed.start, 60, failed.version, 5, 'wait', 'insufficient'));
  entries.push(analysis(failed.start, 75, failed.version, 5, 'next step', 'pass'));
  entries.push(step(failed.start, 75, failed.version, 5, 25));
  entries.push(
    audit(failed.start, 105, {
      action: 'rollback-canary',
      from: { stable: '1.0.0', canary: failed.version, percent: 25 },
      to: { stable: '1.0.0' },
      analysis: { percent: 25, windowSeconds: 105, verdict: 'fail', decision: 'rollback' },
    }),
  );

  // 1.1.0: as good as stable; one reading without figures, a few reports refused at 50 %.
  entries.push(step(promoted.start, 0, promoted.version, null, 5));
  const passing: Array<[number, string, number, Figures | null, [Verdict, Verdict, Verdict, Verdict]]> = [
    [
      20,
      '1/3',
      5,
      { loads: [8, 60], errors: [0, 0], lcp: [1200, 1260], inp: [33, 38], vitals: [8, 58] },
      ['insufficient', 'insufficient', 'insufficient', 'insufficient'],
    ],
    [40, '1/3', 5, null, ['insufficient', 'insufficient', 'insufficient', 'insufficient']],
    [
      60,
      '1/3',
      5,
      { loads: [24, 170], errors: [0, 1], lcp: [1180, 1250], inp: [32, 38], vitals: [23, 166] },
      ['pass', 'pass', 'pass', 'pass'],
    ],
    [
      80,
      '2/3',
      50,
      { loads: [70, 230], errors: [0, 1], lcp: [1170, 1245], inp: [33, 38], vitals: [68, 224] },
      ['pass', 'pass', 'pass', 'pass'],
    ],
    [
      100,
      '2/3',
      50,
      { loads: [130, 290], errors: [1, 1], lcp: [1160, 1240], inp: [32, 37], vitals: [126, 282] },
      ['pass', 'pass', 'pass', 'pass'],
    ],
    [
      120,
      '2/3',
      50,
      { loads: [190, 345], errors: [1, 2], lcp: [1152, 1250], inp: [32, 37], vitals: [185, 336] },
      ['pass', 'pass', 'pass', 'pass'],
    ],
    [
      140,
      '3/3',
      100,
      { loads: [300, 345], errors: [1, 2], lcp: [1150, 1250], inp: [32, 37], vitals: [292, 336] },
      ['pass', 'pass', 'pass', 'pass'],
    ],
    [
      180,
      '3/3',
      100,
      { loads: [420, 345], errors: [2, 2], lcp: [1152, 1250], inp: [32, 37], vitals: [410, 336] },
      ['pass', 'pass', 'pass', 'pass'],
    ],
  ];
  for (const [seconds, stepName, percent, figures, verdicts] of passing) {
    const refusals = { refusedAddresses: seconds >= 100 ? 3 : 0, reportingAddresses: Math.round(seconds * 0.4) };
    if (figures === null) {
      readings.push({
        at: at(promoted.start, seconds),
        env: 'production',
        remote: 'mf-points',
        version: promoted.version,
        stable: '1.0.0',
        walkStartedAt: promoted.start,
        step: stepName,
        percent,
        windowSeconds: seconds,
        verdict: 'unavailable',
        checks: [],
        refusals: null,
        error: 'Prometheus did not answer within 5 s',
      });
      continue;
    }
    readings.push(reading(promoted, seconds, stepName, percent, figures, verdicts, refusals));
  }
  entries.push(analysis(promoted.start, 60, promoted.version, 5, 'next step', 'pass'));
  entries.push(step(promoted.start, 60, promoted.version, 5, 50));
  entries.push(analysis(promoted.start, 120, promoted.version, 50, 'next step', 'pass'));
  entries.push(step(promoted.start, 120, promoted.version, 50, 100));
  entries.push(analysis(promoted.start, 180, promoted.version, 100, 'promote', 'pass'));
  entries.push(
    audit(promoted.start, 180, {
      action: 'promote',
      from: { stable: '1.0.0', canary: promoted.version, percent: 100 },
      to: { stable: promoted.version },
    }),
  );
  return { readings, audit: entries };
}

/** The fixture as the deploy root's two files hold it: one JSON document a line. */
export function releasePageFixtureLines() {
  const { readings, audit: entries } = releasePageFixture();
  const lines = (items: unknown[]) => items.map((item) => `${JSON.stringify(item)}\n`).join('');
  return { readings: lines(readings), audit: lines(entries) };
}
