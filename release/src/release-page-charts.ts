import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { describedResult, formatFigure, type CheckResult } from './canary-analysis';
import type { Walk } from './release-page-walks';

/** A check as the page shows it: its name, title, kind and unit, as its readings recorded them. */
export type CheckShown = Pick<CheckResult, 'check' | 'title' | 'kind' | 'unit'>;

/** The checks a walk's readings hold, in the order they were judged (the analysis file's). */
export function checksOf(walk: Walk): CheckShown[] {
  const shown = new Map<string, CheckShown>();
  for (const reading of walk.readings) {
    for (const result of reading.checks) {
      if (shown.has(result.check)) continue;
      const { check, title, kind, unit } = describedResult(result);
      shown.set(check, { check, title, kind, unit });
    }
  }
  return [...shown.values()];
}

const isRate = (check: CheckShown) => check.kind === 'rate';

/** A chart drawn to SVG, with the sentence that stands for it. */
export interface Chart {
  svg: string;
  summary: string;
}

/** The plot area's width: with its axes the SVG fits a 375 px screen, two or three to a row at 1440 px. */
const WIDTH = 270;

// Series colours that hold their contrast on a light and on a dark page; axes, labels and
// grid take the page's text colour (`currentColor`), so one SVG serves both schemes.
export const SERIES = { canary: '#e8590c', stable: '#1c7ed6', limit: '#868e96' };
export const VERDICTS = { pass: '#2f9e44', insufficient: '#868e96', fail: '#e03131', unavailable: '#7048e8' };
const DECISION_SHAPES: Record<string, string> = {
  step: 'triangle-up',
  wait: 'triangle-left',
  'next step': 'triangle-right',
  hold: 'square',
  rollback: 'cross',
  promote: 'diamond',
  promoted: 'circle',
  unavailable: 'triangle-down',
};

const CONFIG = {
  background: 'transparent',
  font: 'system-ui, -apple-system, "Segoe UI", sans-serif',
  view: { stroke: null },
  axis: {
    labelColor: 'currentColor',
    titleColor: 'currentColor',
    domainColor: 'currentColor',
    tickColor: 'currentColor',
    gridColor: 'currentColor',
    gridOpacity: 0.15,
    labelFontSize: 11,
    titleFontSize: 11,
    titleFontWeight: 'normal',
  },
  legend: {
    labelColor: 'currentColor',
    titleColor: 'currentColor',
    orient: 'bottom',
    direction: 'horizontal',
    labelFontSize: 11,
    titleFontSize: 11,
    columns: 3,
  },
  title: { color: 'currentColor' },
  text: { fill: 'currentColor' },
  // The figure's own aria-label speaks for the chart; marks repeating it would be noise.
  aria: false,
  mark: { aria: false },
} as const;

async function render(spec: TopLevelSpec, summary: string): Promise<Chart> {
  const compiled = compile({ ...spec, config: CONFIG } as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const drawn = await view.toSVG();
  view.finalize();
  const svg = drawn
    .replace(/<rect width="[\d.]+" height="[\d.]+" fill="transparent"\/>/, '')
    .replace('<svg ', `<svg role="img" aria-label="${escapeAttribute(summary)}" focusable="false" `);
  return { svg, summary };
}

export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const timeAxis = (domainEnd: number) => ({
  field: 't',
  type: 'quantitative' as const,
  title: 'seconds since the walk began',
  scale: { domain: [0, Math.max(domainEnd, 1)], nice: false },
});

export function walkDuration(walk: Walk): number {
  return Math.max(
    ...walk.readings.map((reading) => reading.windowSeconds),
    ...walk.decisions.map((decision) => decision.seconds),
    1,
  );
}

/** Dashed rules at the walk's decisions, so a check's chart shows what was done when. */
function decisionRules(walk: Walk, end: number) {
  return {
    data: { values: walk.decisions.map((decision) => ({ t: decision.seconds, label: decision.label })) },
    mark: { type: 'rule' as const, strokeDash: [2, 3], color: 'currentColor', opacity: 0.45 },
    encoding: { x: timeAxis(end) },
  };
}

export const formatValue = (check: CheckShown, value: number | null) => formatFigure(check.unit, value);

/** The readings of one check, as rows to draw. */
export function checkRows(walk: Walk, check: CheckShown) {
  return walk.readings.flatMap((reading) => {
    const result = reading.checks.find((candidate) => candidate.check === check.check);
    if (!result || reading.verdict === 'unavailable') return [];
    const interval = result.interval;
    // For a rate, the interval is of canary − stable: shifted by stable's rate it is where the
    // canary's rate may lie, in the units of the chart (a rate is never below 0 nor above 1).
    const band =
      interval && isRate(check) && result.stable !== null
        ? {
            low: Math.min(1, Math.max(0, result.stable + interval.low)),
            high: Math.min(1, Math.max(0, result.stable + interval.high)),
          }
        : interval && !isRate(check)
          ? { low: interval.low, high: interval.high }
          : null;
    return [
      {
        t: reading.windowSeconds,
        at: reading.at,
        step: reading.step,
        percent: reading.percent,
        canary: result.canary,
        stable: result.stable,
        limit: result.limit,
        low: band?.low ?? null,
        high: band?.high ?? null,
        verdict: result.verdict,
        sampleCanary: result.sample.canary,
        sampleStable: result.sample.stable,
        minimum: result.sample.minimum,
        pValue: result.pValue,
        alpha: result.alpha,
      },
    ];
  });
}

export type CheckRow = ReturnType<typeof checkRows>[number];

/** Where the check's verdict differs from its previous reading's. */
export function verdictChanges(rows: CheckRow[]) {
  return rows.filter((row, index) => index > 0 && row.verdict !== rows[index - 1]!.verdict);
}

function checkSummary(walk: Walk, check: CheckShown, rows: CheckRow[]): string {
  const name = check.title;
  const last = rows.at(-1);
  if (!last) return `${name}: no readings.`;
  const changes = verdictChanges(rows)
    .map((row) => `${row.verdict} at ${row.t} s`)
    .join(', ');
  return [
    `${name} of ${walk.remote} ${walk.version} against ${walk.stable}: ${rows.length} readings over ${last.t} s.`,
    `Last: canary ${formatValue(check, last.canary)}, stable ${formatValue(check, last.stable)}, limit ${formatValue(check, last.limit)}, samples ${Math.round(last.sampleCanary)}/${Math.round(last.sampleStable)}, ${last.verdict}.`,
    `First verdict ${rows[0]!.verdict}${changes ? `; then ${changes}` : ', unchanged'}.`,
  ].join(' ');
}

/**
 * One check over the walk: canary, stable and the limit; for a rate, the canary's band (the
 * interval of canary − stable shifted by stable); for a p75, the share of the canary's
 * measurements above the limit with its interval, in a panel of its own (its units are not ms);
 * then the samples. Points carry each reading's verdict; dashed rules are the walk's decisions.
 */
export async function checkChart(walk: Walk, check: CheckShown): Promise<Chart> {
  const rows = checkRows(walk, check);
  const end = walkDuration(walk);
  const rate = isRate(check);
  const x = timeAxis(end);
  // d3-format, as `formatFigure` prints the same figures: a unitless score keeps its decimals.
  const valueFormat = { share: '.1%', ms: ',.0f', s: ',.2f', unitless: '.3~f' }[check.unit];
  // A rate's band is wide while samples are few: the scale follows the figures and the limit,
  // and the band is cut at the top rather than flattening the lines the reader compares.
  const shown = rows
    .flatMap((row) => [row.canary, row.stable, row.limit])
    .filter((value): value is number => value !== null);
  const top = rate ? Math.max(...shown, 0.01) * 1.5 : undefined;
  const series = { domain: ['canary', 'stable', 'limit'], range: [SERIES.canary, SERIES.stable, SERIES.limit] };
  const values = {
    height: 130,
    layer: [
      ...(rate
        ? [
            {
              transform: [{ calculate: `min(datum.high, ${top})`, as: 'high' }],
              mark: { type: 'area' as const, color: SERIES.canary, opacity: 0.14 },
              encoding: { x, y: { field: 'low', type: 'quantitative' as const }, y2: { field: 'high' } },
            },
            // The band's lower edge: above the limit, the canary is worse than stable allows.
            {
              transform: [{ filter: 'datum.low != null' }],
              mark: { type: 'line' as const, color: SERIES.canary, strokeWidth: 1, opacity: 0.7, strokeDash: [1, 2] },
              encoding: { x, y: { field: 'low', type: 'quantitative' as const } },
            },
          ]
        : []),
      {
        transform: [{ fold: ['canary', 'stable'], as: ['series', 'value'] }, { filter: 'datum.value != null' }],
        mark: { type: 'line' as const, interpolate: 'linear' as const },
        encoding: {
          x,
          y: {
            field: 'value',
            type: 'quantitative' as const,
            title: check.unit === 'ms' || check.unit === 's' ? `${check.title} (${check.unit})` : check.title,
            axis: { format: valueFormat },
            ...(top === undefined ? {} : { scale: { domain: [0, top] } }),
          },
          stroke: { field: 'series', type: 'nominal' as const, scale: series, legend: null },
        },
      },
      {
        transform: [{ filter: 'datum.limit != null' }],
        mark: { type: 'line' as const, strokeDash: [5, 3] },
        encoding: { x, y: { field: 'limit', type: 'quantitative' as const }, stroke: { datum: 'limit', legend: null } },
      },
      {
        transform: [{ filter: 'datum.canary != null' }],
        mark: { type: 'point' as const, filled: true, size: 36 },
        encoding: {
          x,
          y: { field: 'canary', type: 'quantitative' as const },
          fill: {
            field: 'verdict',
            type: 'nominal' as const,
            legend: null,
            scale: {
              domain: ['pass', 'insufficient', 'fail'],
              range: [VERDICTS.pass, VERDICTS.insufficient, VERDICTS.fail],
            },
          },
          shape: { value: 'circle' },
        },
      },
      {
        // Labels stepped down one line each, so changes a few readings apart never overlap.
        data: {
          values: verdictChanges(rows).map((row, index) => ({
            t: row.t,
            verdict: `→ ${row.verdict}`,
            line: 2 + (index % 3) * 11,
          })),
        },
        layer: [
          { mark: { type: 'rule' as const, color: 'currentColor', opacity: 0.7 }, encoding: { x } },
          // Right of its rule, or left of it in the chart's last third, so it stays inside the plot.
          ...(['left', 'right'] as const).map((align) => ({
            transform: [{ filter: `${align === 'left' ? '' : '!'}(datum.t < ${end * 0.6})` }],
            mark: {
              type: 'text' as const,
              align,
              baseline: 'top' as const,
              dx: align === 'left' ? 3 : -3,
              fontSize: 10,
            },
            encoding: {
              x,
              y: { field: 'line', type: 'quantitative' as const, scale: null },
              text: { field: 'verdict' },
            },
          })),
        ],
      },
      decisionRules(walk, end),
    ],
    resolve: { scale: { y: 'shared' } },
  };
  const share = {
    height: 55,
    layer: [
      {
        mark: { type: 'area' as const, color: SERIES.canary, opacity: 0.25 },
        encoding: { x, y: { field: 'low', type: 'quantitative' as const }, y2: { field: 'high' } },
      },
      {
        data: { values: [{ quarter: 0.25 }] },
        mark: { type: 'rule' as const, color: SERIES.limit, strokeDash: [5, 3] },
        encoding: { y: { field: 'quarter', type: 'quantitative' as const } },
      },
    ],
    encoding: {
      y: {
        type: 'quantitative' as const,
        title: 'share above limit',
        scale: { domain: [0, 1] },
        axis: { format: '.0%', tickCount: 3 },
      },
    },
  };
  const samples = {
    height: 55,
    layer: [
      {
        transform: [
          { fold: ['sampleCanary', 'sampleStable'], as: ['series', 'value'] },
          { calculate: "datum.series === 'sampleCanary' ? 'canary' : 'stable'", as: 'series' },
        ],
        mark: { type: 'line' as const, interpolate: 'step-after' as const },
        encoding: {
          x,
          y: { field: 'value', type: 'quantitative' as const, title: 'samples', axis: { tickCount: 3 } },
          stroke: { field: 'series', type: 'nominal' as const, scale: series, legend: null },
        },
      },
      decisionRules(walk, end),
    ],
  };
  const spec = {
    width: WIDTH,
    data: { values: rows },
    vconcat: rate ? [values, samples] : [values, share, samples],
    resolve: { scale: { stroke: 'shared', fill: 'shared' } },
    spacing: 8,
  } as unknown as TopLevelSpec;
  return render(spec, checkSummary(walk, check, rows));
}

/** The canary's share over the walk, with each decision and each unavailable reading marked. */
export async function stepsChart(walk: Walk): Promise<Chart> {
  const end = walkDuration(walk);
  const x = timeAxis(end);
  const shares = walk.decisions
    .filter((decision) => decision.percent !== null && decision.action !== 'analysis')
    .map((decision) => ({ t: decision.seconds, percent: decision.percent }));
  if (walk.end === 'held' || walk.end === 'running') {
    const last = shares.at(-1)?.percent ?? walk.readings.at(-1)?.percent ?? 0;
    shares.push({ t: end, percent: last });
  }
  const percentAt = (t: number) =>
    [...shares].reverse().find((share) => share.t <= t)?.percent ?? walk.readings[0]?.percent ?? 0;
  const marks = [
    ...walk.decisions.map((decision) => ({
      t: decision.seconds,
      percent:
        decision.action === 'canary' || decision.action === 'promote' || decision.label === 'rollback'
          ? decision.percent
          : percentAt(decision.seconds),
      kind: decision.label.startsWith('step') ? 'step' : decision.label,
    })),
    ...walk.readings
      .filter((reading) => reading.verdict === 'unavailable')
      .map((reading) => ({ t: reading.windowSeconds, percent: reading.percent, kind: 'unavailable' })),
  ];
  const kinds = [...new Set(marks.map((mark) => mark.kind))];
  const spec = {
    width: WIDTH,
    height: 120,
    layer: [
      {
        data: { values: shares },
        mark: { type: 'line' as const, interpolate: 'step-after' as const, color: SERIES.canary },
        encoding: {
          x,
          y: {
            field: 'percent',
            type: 'quantitative' as const,
            title: "canary's share (%)",
            scale: { domain: [0, 100] },
          },
        },
      },
      {
        data: { values: marks },
        mark: { type: 'point' as const, size: 70, filled: false, strokeWidth: 1.5, color: 'currentColor' },
        encoding: {
          x,
          y: { field: 'percent', type: 'quantitative' as const },
          shape: {
            field: 'kind',
            type: 'nominal' as const,
            title: 'decision',
            scale: { domain: kinds, range: kinds.map((kind) => DECISION_SHAPES[kind] ?? 'circle') },
          },
        },
      },
    ],
  } as unknown as TopLevelSpec;
  const summary = `Steps of ${walk.remote} ${walk.version}: ${walk.decisions
    .map((decision) => `${decision.label} at ${decision.seconds} s`)
    .join(', ')}${
    marks.some((mark) => mark.kind === 'unavailable')
      ? `; unavailable readings at ${marks
          .filter((mark) => mark.kind === 'unavailable')
          .map((mark) => `${mark.t} s`)
          .join(', ')}`
      : ''
  }.`;
  return render(spec, summary);
}

/** Clients the receivers refused for their rate against the clients reporting, at each reading. */
export async function refusalsChart(walk: Walk): Promise<Chart | null> {
  const rows = walk.readings
    .filter((reading) => reading.refusals)
    .map((reading) => ({
      t: reading.windowSeconds,
      refused: reading.refusals!.refusedAddresses,
      reporting: reading.refusals!.reportingAddresses,
    }));
  const unavailable = walk.readings
    .filter((reading) => reading.verdict === 'unavailable')
    .map((reading) => ({ t: reading.windowSeconds }));
  if (rows.length === 0 && unavailable.length === 0) return null;
  const end = walkDuration(walk);
  const x = timeAxis(end);
  const spec = {
    width: WIDTH,
    height: 90,
    layer: [
      {
        data: { values: rows },
        transform: [{ fold: ['refused', 'reporting'], as: ['series', 'value'] }],
        mark: { type: 'line' as const, point: true },
        encoding: {
          x,
          y: { field: 'value', type: 'quantitative' as const, title: 'clients (since start)', axis: { tickCount: 4 } },
          stroke: {
            field: 'series',
            type: 'nominal' as const,
            title: null,
            scale: { domain: ['refused', 'reporting'], range: [VERDICTS.fail, SERIES.limit] },
          },
        },
      },
      {
        data: { values: unavailable },
        mark: { type: 'rule' as const, color: VERDICTS.unavailable, strokeWidth: 2, strokeDash: [1, 2] },
        encoding: { x },
      },
      {
        data: { values: unavailable },
        mark: {
          type: 'text' as const,
          text: 'unavailable',
          align: 'left' as const,
          baseline: 'top' as const,
          dx: 3,
          y: 2,
          fontSize: 10,
        },
        encoding: { x },
      },
    ],
  } as unknown as TopLevelSpec;
  const last = rows.at(-1);
  const summary = `Refused reports of ${walk.remote} ${walk.version}: ${
    last
      ? `${last.refused} clients refused for their rate of ${last.reporting} reporting by ${last.t} s`
      : 'no counts recorded'
  }${unavailable.length > 0 ? `; figures unavailable at ${unavailable.map((row) => `${row.t} s`).join(', ')}` : ''}.`;
  return render(spec, summary);
}
