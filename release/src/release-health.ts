import type { Analysis } from './analysis-config';
import {
  describeCheck,
  figureOf,
  formatFigure,
  judgeCanary,
  loadsOf,
  seriesReadsOf,
  type FigureUnit,
  type Judgement,
} from './canary-analysis';
import type { RemoteIdentity } from './deploy-layout';
import { readManifest } from './manifest-store';
import { describeDropped, type MetricsSource, type Refusals } from './metrics-source';
import { figuresOf } from './release-figures';

/** One release's figures as `release health` shows them: each check's, in its unit. */
export interface ReleaseHealth {
  version: string;
  channel: string;
  /** Page loads and route changes in the window. */
  loads: number;
  /** Distinct addresses that reported the release. */
  reporters: number;
  /** Per check of the analysis: what it shows of this release, and on how many measurements. */
  figures: Record<string, { value: number | null; sample: number; unit: FigureUnit }>;
}

export interface HealthReport {
  remote: string;
  environment: string;
  /** What the figures cover: the last `windowSeconds`, or everything since the receivers started. */
  windowSeconds: number | null;
  source: string;
  /** The checks' names and titles, in the analysis file's order: the table's columns. */
  checks: Array<{ name: string; title: string }>;
  releases: ReleaseHealth[];
  /** The canary judged against stable, when a canary is running. */
  canary: { version: string; percent: number; stable: string; judgement: Judgement } | null;
  /** What the receivers refused over the window in its environment, and where none could be said (metrics-source.ts). */
  refusals: Refusals | null;
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
  const [rows, refusals] = await Promise.all([
    source.figures(remote.name, environment, since, seriesReadsOf(analysis.checks)),
    source.refusals?.(environment, since) ?? Promise.resolve(null),
  ]);
  const channels = (await readManifest(root, environment)).remotes[remote.name];
  const running = channels?.canary;
  return {
    remote: remote.pkg,
    environment,
    windowSeconds: since ? Math.round(windowMs / 1000) : null,
    source: source.description,
    checks: analysis.checks.map(({ name, title }) => ({ name, title })),
    releases: rows.map((row) => ({
      version: row.version,
      channel: row.channel,
      loads: loadsOf(row),
      reporters: row.reporters,
      figures: Object.fromEntries(
        analysis.checks.map((check) => [
          check.name,
          { ...figureOf(check, row), unit: check.kind === 'rate' ? 'share' : check.unit },
        ]),
      ),
    })),
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
    refusals,
  };
}

/** The report as a table for people: a column per check, each figure in its check's unit. */
export function formatHealth(report: HealthReport): string {
  const span = report.windowSeconds === null ? 'since the receivers started' : `last ${report.windowSeconds} s`;
  const header = ['version', 'channel', 'loads', ...report.checks.map((check) => check.title), 'samples'];
  const lines = report.releases.map((row) => [
    row.version,
    row.channel,
    String(row.loads),
    ...report.checks.map(({ name }) => formatFigure(row.figures[name]!.unit, row.figures[name]!.value)),
    // Prometheus's increase() extrapolates to the window's edges: whole measurements are what was sent.
    report.checks.map(({ name }) => Math.round(row.figures[name]!.sample)).join('/'),
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
  if (report.refusals) {
    const { refusedAddresses, reportingAddresses } = report.refusals;
    const dropped = describeDropped(report.refusals) ?? 'events the receivers did not count: none';
    out.push(
      '',
      `Refused in ${report.environment} (and where a refusal could not say whose): ${refusedAddresses} clients for their rate of ${reportingAddresses} reporting; ${dropped}`,
    );
  }
  if (report.canary) {
    const { version, percent: share, stable, judgement } = report.canary;
    out.push('', `Canary ${version} (${share} %) against stable ${stable}: ${judgement.verdict}`);
    for (const check of judgement.checks) out.push(`  ${describeCheck(check)}`);
  }
  return out.join('\n');
}
