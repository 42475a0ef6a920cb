/**
 * Canary checks are data (decision 065): a check added to the analysis file, with no code, is read
 * from the receiver, judged and printed in its own unit by `release canary` and `release health`;
 * a check the CLI could not read soundly is refused with what is wrong.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPORTS_ROUTE } from '../../telemetry/src/receiver';
import { reportBatch } from '../../telemetry/src/testing/sample-reports';
import { DEFAULT_ANALYSIS_FILE, loadAnalysis, storedChecks } from './analysis-config';
import { judgeCanary } from './canary-analysis';
import { canary } from './commands';
import { ReceiverSource } from './metrics-source';
import { formatHealth, releaseHealth } from './release-health';
import { tempDir } from './testing/fake-build';
import { SHIPPED } from './testing/shipped-checks';
import { points, startReceiver, walkDeployRoot } from './testing/walk-world';

/** The shipped analysis file with `edit` applied to its JSON, written to a file of its own. */
async function analysisFile(edit: (analysis: { checks: object[] }) => void): Promise<string> {
  const analysis = JSON.parse(await readFile(DEFAULT_ANALYSIS_FILE, 'utf8')) as { checks: object[] };
  edit(analysis);
  const file = path.join(await tempDir('analysis'), 'analysis.json');
  await writeFile(file, JSON.stringify(analysis));
  return file;
}

/** A TTFB check as a release manager would add it: a few lines of JSON. */
const TTFB_CHECK = {
  name: 'ttfbP75',
  title: 'p75 TTFB',
  kind: 'quantile',
  series: 'loyalty_web_vitals_ttfb_seconds',
  quantile: 0.75,
  unit: 'ms',
  minSample: 5,
  maxRatio: 1.2,
  slack: 50,
};

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

/** `count` pages of a release, each at an address of its own, with the vitals given. */
async function pages(version: string, channel: string, count: number, vitals: Record<string, number>) {
  const release = { remote: 'mf_points', version, channel };
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${receiver.url}${REPORTS_ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${index}` },
      body: JSON.stringify(
        reportBatch('production', [
          { type: 'page', ...release, navigation: 'load' },
          ...Object.entries(vitals).map(([name, value]) => ({ type: 'vital', ...release, name, value })),
        ]),
      ),
    });
    expect(response.status).toBe(204);
  }
}

test('a TTFB check added to a copy of the analysis file is read, judged and printed in ms; CLS unitless', async () => {
  const file = await analysisFile((analysis) => analysis.checks.push(TTFB_CHECK));
  const analysis = await loadAnalysis(file);
  expect(analysis.checks.map((check) => check.name)).toEqual([
    'errorRate',
    'failureRate',
    'lcpP75',
    'inpP75',
    'clsP75',
    'ttfbP75',
  ]);
  const options = await walkDeployRoot();
  await canary(options, points, '1.1.0', 50);
  await pages('1.0.0', 'stable', 8, { TTFB: 90, CLS: 0.12 });
  // The canary's first byte comes far later: its TTFB check fails on eight pages.
  await pages('1.1.0', 'canary', 8, { TTFB: 2500, CLS: 0.02 });

  const source = new ReceiverSource([`${receiver.url}/metrics`]);
  const report = await releaseHealth(options.root, 'production', points, source, analysis, analysis.windowMs);
  const stable = report.releases.find((row) => row.channel === 'stable')!;
  expect(stable.loads).toBe(8);
  // 90 ms lies in (50, 100] ms: the p75 is three quarters up it, as Prometheus' histogram_quantile reads it.
  expect(stable.figures.ttfbP75).toEqual({ value: expect.closeTo(87.5, 6), sample: 8, unit: 'ms' });
  expect(stable.figures.clsP75).toEqual({ value: expect.closeTo(0.1375, 6), sample: 8, unit: 'unitless' });

  const table = formatHealth(report);
  expect(table).toMatch(
    /version +channel +loads +error rate +failure rate +p75 LCP +p75 INP +p75 CLS +p75 TTFB +samples/,
  );
  // Each figure in its own unit: CLS a plain score, TTFB in milliseconds, nothing as "0 ms".
  expect(table).toMatch(/^1\.0\.0 +stable +8 +0\.0 % +– +– +– +0\.13[78] +88 ms +8\/0\/0\/0\/8\/8$/m);
  expect(table).toMatch(/^1\.1\.0 +canary +8 +0\.0 % +– +– +– +0\.021 +2700 ms +8\/0\/0\/0\/8\/8$/m);

  const ttfb = report.canary!.judgement.checks.find((check) => check.check === 'ttfbP75')!;
  expect(ttfb).toMatchObject({ title: 'p75 TTFB', unit: 'ms', verdict: 'fail', reason: 'stable' });
  expect(report.canary!.judgement.verdict).toBe('fail');
  expect(table).toMatch(
    /\n {2}p75 TTFB +canary +2700 ms +stable +88 ms +limit +155 ms +sample 8\/8 \(min 5\).* fail$/m,
  );
});

describe('the analysis file refuses a check the CLI could not read soundly', () => {
  test.each([
    [
      'a series the telemetry contract does not have',
      { ...TTFB_CHECK, series: 'loyalty_web_vitals_tbt_seconds' },
      /check ttfbP75: reads loyalty_web_vitals_tbt_seconds, not a histogram of the telemetry contract/,
    ],
    [
      'a unitless series given in milliseconds',
      { ...TTFB_CHECK, series: 'loyalty_web_vitals_cls' },
      /loyalty_web_vitals_cls is unitless: give the check in unitless/,
    ],
    [
      'a series whose reports one address could add without bound',
      { ...TTFB_CHECK, series: 'loyalty_remote_load_duration_seconds', unit: 's' },
      /the receiver does not bound what one address adds to loyalty_remote_load_duration_seconds/,
    ],
    [
      'a rate of a series that is not a counter',
      {
        name: 'retryRate',
        kind: 'rate',
        events: { series: 'loyalty_web_vitals_cls' },
        trials: { series: 'loyalty_page_loads_total' },
        minSample: 10,
        maxIncrease: 0.01,
      },
      /events reads loyalty_web_vitals_cls, not a counter of the telemetry contract/,
    ],
    [
      'a label the reading sets itself',
      { ...TTFB_CHECK, labels: { channel: 'canary' } },
      /may not name remote, version, channel, environment, le/,
    ],
    ['a name used twice', { ...TTFB_CHECK, name: 'lcpP75' }, /must name each check once/],
  ])('%s', async (_, check, message) => {
    const file = await analysisFile((analysis) => analysis.checks.push(check));
    await expect(loadAnalysis(file)).rejects.toThrow(message);
  });

  test('the checks as fixed keys, as files held them before, with the form to use', async () => {
    const file = await analysisFile((analysis) => {
      (analysis as unknown as { checks: object }).checks = { errorRate: { minSample: 1, maxIncrease: 0.01 } };
    });
    await expect(loadAnalysis(file)).rejects.toThrow(/must be a list of check records \(decision 065\)/);
  });
});

test("a check's own confidence in the file sets its level; the others keep the file's", async () => {
  const file = await analysisFile((analysis) => {
    (analysis.checks[0] as { name: string; confidence?: number }).confidence = 0.99;
  });
  const analysis = await loadAnalysis(file);
  const { checks } = judgeCanary(analysis.checks, undefined, undefined, { confidence: analysis.confidence, looks: 80 });
  expect(checks[0]).toMatchObject({ check: 'errorRate', confidence: 0.99, alpha: expect.closeTo(0.01 / 80, 12) });
  for (const other of checks.slice(1)) {
    expect(other).toMatchObject({ confidence: 0.95, alpha: expect.closeTo(0.05 / 80, 12) });
  }
});

test('a walk begun by an older CLI, its four checks stored by name, resumes with the same checks', () => {
  const checks = storedChecks({
    errorRate: { minSample: 200, maxIncrease: 0.01, ceiling: 0.05 },
    failureRate: { minSample: 200, maxIncrease: 0.005, ceiling: 0.02 },
    lcpP75: { minSample: 100, maxRatio: 1.2, slackMs: 100 },
    inpP75: { minSample: 50, maxRatio: 1.2, slackMs: 20, ceilingMs: 500 },
  });
  expect(checks).toEqual([SHIPPED.errorRate, SHIPPED.failureRate, SHIPPED.lcpP75, { ...SHIPPED.inpP75, ceiling: 500 }]);
});
