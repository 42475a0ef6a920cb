import type { Analysis } from './analysis-config';
import { describeCheck, judgeCanary, type Judgement } from './canary-analysis';
import type { RemoteIdentity } from './deploy-layout';
import { readManifest } from './manifest-store';
import type { MetricsSource } from './metrics-source';
import { errorRate, failureRate, figuresOf, type ReleaseFigures } from './release-figures';

export interface HealthReport {
  remote: string;
  environment: string;
  /** What the figures cover: the last `windowSeconds`, or everything since the receivers started. */
  windowSeconds: number | null;
  source: string;
  releases: Array<ReleaseFigures & { errorRate: number | null; failureRate: number | null }>;
  /** The canary judged against stable, when a canary is running. */
  canary: { version: string; percent: number; stable: string; judgement: Judgement } | null;
}

/** Per release and channel: what members experienced over the window, and the canary's verdict. */
export async function releaseHealth(
  root: string,
  environment: string,
  remote: RemoteIdentity,
  source: MetricsSource,
  analysis: Analysis,
  windowMs: number,
): Promise<HealthReport> {
  const since = source.markAgo(windowMs);
  const rows = await source.figures(remote.name, environment, since);
  const channels = (await readManifest(root, environment)).remotes[remote.name];
  const running = channels?.canary;
  return {
    remote: remote.pkg,
    environment,
    windowSeconds: since ? Math.round(windowMs / 1000) : null,
    source: source.description,
    releases: rows.map((row) => ({ ...row, errorRate: errorRate(row), failureRate: failureRate(row) })),
    canary:
      running && channels
        ? {
            version: running.version,
            percent: running.percent,
            stable: channels.stable.version,
            judgement: judgeCanary(
              analysis.checks,
              figuresOf(rows, running.version, 'canary'),
              figuresOf(rows, channels.stable.version, 'stable'),
              { confidence: analysis.confidence },
            ),
          }
        : null,
  };
}

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);
const ms = (value: number | null) =>
  value === null ? '–' : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
const score = (value: number | null) => (value === null ? '–' : value.toFixed(3));

/** The report as a table for people. */
export function formatHealth(report: HealthReport): string {
  const span = report.windowSeconds === null ? 'since the receivers started' : `last ${report.windowSeconds} s`;
  const header = [
    'version',
    'channel',
    'loads',
    'errors',
    'failures',
    'p75 LCP',
    'p75 INP',
    'p75 CLS',
    'p75 FCP',
    'p75 TTFB',
    'samples LCP/INP',
  ];
  const lines = report.releases.map((row) => [
    row.version,
    row.channel,
    String(row.loads),
    percent(row.errorRate),
    percent(row.failureRate),
    ms(row.vitals.LCP.p75),
    ms(row.vitals.INP.p75),
    score(row.vitals.CLS.p75),
    ms(row.vitals.FCP.p75),
    ms(row.vitals.TTFB.p75),
    `${row.vitals.LCP.count}/${row.vitals.INP.count}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const render = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  const out = [
    `${report.remote} in ${report.environment}, ${span} (${report.source})`,
    '',
    render(header),
    ...(lines.length > 0 ? lines.map(render) : ['(no page loads reported)']),
  ];
  if (report.canary) {
    const { version, percent: share, stable, judgement } = report.canary;
    out.push('', `Canary ${version} (${share} %) against stable ${stable}: ${judgement.verdict}`);
    for (const check of judgement.checks) out.push(`  ${describeCheck(check)}`);
  }
  return out.join('\n');
}
