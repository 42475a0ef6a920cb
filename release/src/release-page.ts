import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readAudit, readReadings } from './audit-log';
import {
  checkChart,
  checkRows,
  checksOf,
  escapeAttribute,
  formatValue,
  refusalsChart,
  stepsChart,
  SERIES,
  VERDICTS,
  type Chart,
  type CheckShown,
} from './release-page-charts';
import { describeDropped } from './metrics-source';
import { groupWalks, type Walk } from './release-page-walks';
import type { RemoteIdentity } from './deploy-layout';

const escapeHtml = escapeAttribute;

/** "2026-11-26 00:32:35 UTC": readable, and the same on every machine. */
const utc = (at: string) => `${at.slice(0, 10)} ${at.slice(11, 19)} UTC`;

const percentOf = (share: number) => `${+(share * 100).toFixed(2)} %`;

function formatP(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return value < 0.0001 ? value.toExponential(1) : value.toFixed(4);
}

/** How the walk ended, in its heading: "rolled back at 50 % after 76 s". */
export function describeEnd(walk: Walk): string {
  const last = walk.decisions.at(-1);
  const lastShare = [...walk.decisions].reverse().find((decision) => decision.action === 'canary')?.percent;
  const after = (at: string | null) =>
    at ? ` after ${Math.round((Date.parse(at) - Date.parse(walk.startedAt)) / 1000)} s` : '';
  switch (walk.end) {
    case 'promoted':
      return `promoted${after(walk.endedAt)}`;
    case 'rolled back':
      return `rolled back at ${lastShare ?? '?'} %${after(walk.endedAt)}`;
    case 'held':
      return `held at ${lastShare ?? '?'} %${after(walk.endedAt)}`;
    default: {
      // The newest line of either log: a walk still reading shows its last reading's time.
      const latest = [walk.readings.at(-1)?.at, last?.at]
        .filter((at): at is string => at !== undefined)
        .sort((a, b) => Date.parse(a) - Date.parse(b))
        .at(-1);
      return `running at ${lastShare ?? walk.readings.at(-1)?.percent ?? '?'} % (last news${after(latest ?? null)})`;
    }
  }
}

function confidenceLine(walk: Walk): string {
  if (walk.confidence === null) return 'No check was judged.';
  return `The confidence is the whole walk's: each reading acted on a p-value below ${formatP(walk.alpha)}.`;
}

function decisionsTable(walk: Walk, id: string): string {
  if (walk.decisions.length === 0) return '<p>No decision recorded in the audit log.</p>';
  const rows = walk.decisions
    .map(
      (decision) =>
        `<tr><td><time datetime="${escapeHtml(decision.at)}">${escapeHtml(decision.at.slice(11, 19))}</time></td><td class="num">${decision.seconds} s</td><td>${escapeHtml(decision.label)}</td><td>${escapeHtml(decision.verdict ?? '–')}</td><td class="num">${decision.percent === null ? '–' : `${decision.percent} %`}</td><td>${escapeHtml(decision.actor)}</td></tr>`,
    )
    .join('');
  return `<div class="scroll" role="region" aria-labelledby="${id}-decisions" tabindex="0"><table><caption id="${id}-decisions">Decisions of ${escapeHtml(walk.remote)} ${escapeHtml(walk.version)}</caption><thead><tr><th scope="col">time (UTC)</th><th scope="col">since start</th><th scope="col">decision</th><th scope="col">verdict</th><th scope="col">share</th><th scope="col">by</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function readingsTable(walk: Walk, check: CheckShown): string {
  const rows = checkRows(walk, check)
    .map(
      (row) =>
        `<tr><td class="num">${row.t} s</td><td>${escapeHtml(row.step)} (${row.percent} %)</td><td class="num">${formatValue(check, row.canary)}</td><td class="num">${formatValue(check, row.stable)}</td><td class="num">${formatValue(check, row.limit)}</td><td class="num">${row.low === null ? '–' : `${formatBand(check, row.low)} – ${formatBand(check, row.high!)}`}</td><td class="num">${row.sampleCanary}/${row.sampleStable} (min ${row.minimum})</td><td class="num">${formatP(row.pValue)}</td><td>${escapeHtml(row.verdict)}</td></tr>`,
    )
    .join('');
  const title = escapeHtml(check.title);
  return `<details><summary>Readings of ${title}</summary><div class="scroll" role="region" aria-label="Readings of ${title}, ${escapeHtml(walk.remote)} ${escapeHtml(walk.version)}" tabindex="0"><table><thead><tr><th scope="col">since start</th><th scope="col">step</th><th scope="col">canary</th><th scope="col">stable</th><th scope="col">limit</th><th scope="col">${check.kind === 'rate' ? 'canary band' : 'share above limit'}</th><th scope="col">samples</th><th scope="col">p</th><th scope="col">verdict</th></tr></thead><tbody>${rows}</tbody></table></div></details>`;
}

const formatBand = (check: CheckShown, value: number) =>
  check.kind === 'rate' ? formatValue(check, value) : `${Math.round(value * 100)} %`;

const figure = (title: string, chart: Chart, extra = '') =>
  `<figure><figcaption>${escapeHtml(title)}</figcaption>${chart.svg}${extra}</figure>`;

async function walkSection(walk: Walk, index: number): Promise<string> {
  const id = `walk-${index + 1}`;
  const unavailable = walk.readings.filter((reading) => reading.verdict === 'unavailable');
  const shown = checksOf(walk);
  const [steps, refusals, ...checks] = await Promise.all([
    stepsChart(walk),
    refusalsChart(walk),
    ...shown.map((check) => checkChart(walk, check)),
  ]);
  return `<section class="walk" aria-labelledby="${id}">
<h3 id="${id}">${escapeHtml(walk.remote)} ${escapeHtml(walk.version)}: <span class="end end-${walk.end.replace(' ', '-')}">${escapeHtml(describeEnd(walk))}</span>${walk.confidence === null ? '' : `, judged at ${percentOf(walk.confidence)} confidence`}</h3>
<p class="meta">Started ${escapeHtml(utc(walk.startedAt))} against stable ${escapeHtml(walk.stable)} · ${walk.readings.length} readings${unavailable.length > 0 ? `, ${unavailable.length} unavailable` : ''}. ${escapeHtml(confidenceLine(walk))}</p>
<h4>Decisions</h4>
${decisionsTable(walk, id)}
<h4>Steps and refused reports</h4>
<div class="charts pair">
${figure("The canary's share over the walk, with each decision", steps)}
${refusals ? figure('Reports refused for their rate, and unavailable readings', refusals, droppedLine(walk)) : '<p>No refusal counts recorded.</p>'}
</div>
<h4>Checks</h4>
${KEY}
<div class="charts">
${shown.map((check, position) => figure(check.title, checks[position]!, readingsTable(walk, check))).join('\n')}
</div>
</section>`;
}

/** The events the receivers did not count by the walk's last reading, where its readings record them. */
function droppedLine(walk: Walk): string {
  const last = walk.readings.filter((reading) => reading.refusals?.droppedEvents).at(-1);
  if (!last) return '';
  const dropped = describeDropped(last.refusals) ?? 'events the receivers did not count: none';
  return `<p class="dropped">By ${last.windowSeconds} s, ${escapeHtml(dropped)}.</p>`;
}

const swatch = (color: string, dash = '') =>
  `<svg class="swatch" width="22" height="10" aria-hidden="true"><line x1="1" y1="5" x2="21" y2="5" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/></svg>`;
const dot = (color: string) =>
  `<svg class="swatch" width="10" height="10" aria-hidden="true"><circle cx="5" cy="5" r="4" fill="${color}"/></svg>`;

/** The checks' key, once per walk: the charts carry no legend of their own, so they keep their width. */
const KEY = `<ul class="key">
<li>${swatch(SERIES.canary)} canary</li><li>${swatch(SERIES.stable)} stable</li><li>${swatch(SERIES.limit, '5 3')} limit</li>
<li>${dot(VERDICTS.pass)} pass</li><li>${dot(VERDICTS.insufficient)} insufficient</li><li>${dot(VERDICTS.fail)} fail</li>
<li>${swatch('currentColor')} verdict changed</li><li>${swatch('currentColor', '2 3')} decision</li>
</ul>
<p class="legend-note">The shaded band is the canary's interval at the walk's confidence: for a rate, the interval of canary − stable shifted by stable's rate (its dotted lower edge above the limit is evidence of harm); for a p75, the share of the canary's measurements above the limit, in a panel of its own (a p75 fails when that share is above a quarter, the dashed line).</p>`;

const STYLE = `
:root { color-scheme: light dark; --ink: #1d2125; --muted: #5c6670; --paper: #ffffff; --rule: #d0d5da; --panel: #f5f7f9;
  --pass: #1e6b30; --fail: #b42323; --held: #805300; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #e9ecef; --muted: #aeb6be; --paper: #15181b; --rule: #3a4046; --panel: #1e2226;
    --pass: #69db7c; --fail: #ff8787; --held: #ffc078; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--paper); }
main { max-width: 1400px; margin: 0 auto; padding: 16px 12px 48px; }
h1 { font-size: 1.6rem; margin: 0 0 4px; }
h2 { font-size: 1.35rem; margin: 32px 0 8px; border-bottom: 1px solid var(--rule); padding-bottom: 4px; }
h3 { font-size: 1.15rem; margin: 24px 0 4px; }
h4 { font-size: 1rem; margin: 16px 0 6px; }
.meta, .legend-note, .intro { color: var(--muted); margin: 0 0 8px; }
.walk { background: var(--panel); border: 1px solid var(--rule); border-radius: 8px; padding: 4px 12px 12px; margin: 16px 0; }
.end-promoted { color: var(--pass); } .end-rolled-back { color: var(--fail); } .end-held { color: var(--held); }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 12px; }
.charts.pair { grid-template-columns: repeat(auto-fill, minmax(min(100%, 440px), 1fr)); max-width: 1160px; }
.charts.pair svg { max-width: 440px; }
figure { margin: 0; min-width: 0; }
figcaption { font-weight: 600; margin-bottom: 4px; }
svg { display: block; width: 100%; max-width: 560px; height: auto; color: var(--ink); }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: 0.875rem; margin: 4px 0; }
caption { text-align: left; font-weight: 600; padding-bottom: 4px; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--rule); white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
details { margin-top: 6px; font-size: 0.875rem; }
summary { cursor: pointer; }
.key { list-style: none; display: flex; flex-wrap: wrap; gap: 4px 16px; padding: 0; margin: 0 0 6px; font-size: 0.875rem; }
.key li { display: flex; align-items: center; gap: 6px; }
svg.swatch { width: auto; display: inline-block; }
:focus-visible { outline: 2px solid var(--ink); outline-offset: 2px; }
/* A phone: the decisions' table fits without scrolling (headers wrap, cells closer). */
@media (max-width: 480px) {
  main { padding: 12px 6px 32px; }
  .walk { padding: 4px 8px 8px; }
  th { white-space: normal; vertical-align: bottom; }
  th, td { padding: 3px 3px; }
  table { font-size: 0.78rem; }
}
`;

export interface ReleasePageOptions {
  root: string;
  env: string;
  remote?: RemoteIdentity;
  /** When the page was made: said on it, and fixed in tests. */
  now?: Date;
}

/**
 * The release page: one self-contained HTML file (inline CSS and SVG, nothing fetched when it is
 * read) with every canary walk of the environment, per remote, drawn from `readings.jsonl` and
 * the decisions of `audit.jsonl`.
 */
export async function releasePage(options: ReleasePageOptions): Promise<{ html: string; walks: Walk[] }> {
  const [readings, audit] = await Promise.all([readReadings(options.root), readAudit(options.root)]);
  const walks = groupWalks(readings, audit, options.env).filter(
    (walk) => !options.remote || walk.remote === options.remote.pkg,
  );
  const remotes = [...new Set(walks.map((walk) => walk.remote))];
  const sections: string[] = [];
  let index = 0;
  for (const remote of remotes) {
    const parts: string[] = [];
    // Newest walk first: what a release manager opens the page for.
    for (const walk of walks.filter((candidate) => candidate.remote === remote).reverse()) {
      parts.push(await walkSection(walk, index));
      index += 1;
    }
    sections.push(
      `<section aria-labelledby="remote-${sections.length + 1}"><h2 id="remote-${sections.length + 1}">${escapeHtml(remote)}</h2>\n${parts.join('\n')}</section>`,
    );
  }
  const scope = options.remote ? `${options.remote.pkg} in ${options.env}` : options.env;
  const made = (options.now ?? new Date()).toISOString();
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canary walks: ${escapeHtml(scope)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Canary walks: ${escapeHtml(scope)}</h1>
<p class="intro">Made ${escapeHtml(utc(made))} from the deploy root's readings and audit log. ${walks.length === 0 ? '' : `${walks.length} walk${walks.length === 1 ? '' : 's'}, newest first per remote.`}</p>
${walks.length === 0 ? '<p>No canary walks yet.</p>' : sections.join('\n')}
</main>
</body>
</html>
`;
  return { html, walks };
}

/** Writes the page to `out` (its folder made if needed) and says what it holds. */
export async function writeReleasePage(options: ReleasePageOptions & { out: string }) {
  const { html, walks } = await releasePage(options);
  await mkdir(path.dirname(options.out), { recursive: true });
  await writeFile(options.out, html, 'utf8');
  return { out: options.out, walks: walks.length };
}
