// The tables of docs/performance.md's "Latest run", written from `npm run perf`'s report: each run
// replaces the tables it measured (between `<!-- perf:NAME:start -->` and `<!-- perf:NAME:end -->`)
// and leaves the others as they were, so the page always holds the latest figures of each measure.
// Dated runs are kept by hand in docs/performance-log.md.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PERFORMANCE_DOC = path.join('docs', 'performance.md');

/** The measures the page holds, each a table of its own, in the page's order. */
export const SECTIONS = ['bytes', 'chromium', 'lighthouse', 'slow-phone', 'return'];

const PAGES = ['login', 'dashboard'];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => (typeof value === 'number' ? String(Math.round(value)) : '–');
const yesNo = (value) => (value ? 'yes' : 'no');
const loads = (count) => `${count} load${count === 1 ? '' : 's'}`;

/** A Markdown table; the columns named in `numeric` are aligned right. */
function table(header, rows, numeric = []) {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map((name) => (numeric.includes(name) ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** Every build of the report with a label for its rows: this tree first, then what it was set against. */
function buildsOf(report) {
  return [
    { label: 'this tree', results: report.federated ?? {} },
    ...(report.baseline
      ? [{ label: `${report.baseline.ref} (${report.baseline.commit.slice(0, 7)})`, results: report.baseline.results }]
      : []),
    ...(report.singleBundle ? [{ label: 'single bundle', results: report.singleBundle }] : []),
  ];
}

/** One row per page and build that has `pick(results)`. */
function rowsOf(report, pick, cells) {
  const rows = [];
  for (const page of PAGES) {
    for (const { label, results } of buildsOf(report)) {
      const figures = results[page] && pick(results[page]);
      if (figures) rows.push([page, label, ...cells(figures)]);
    }
  }
  return rows;
}

function formatDate(iso) {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * The markdown of each measured section, by name: `report` is perf/report.json's content; `run`
 * says what was run (`command`, `commit`, `runs`, `lighthouseRuns`). A measure the run did not take
 * has no entry.
 */
export function renderSections(report, run) {
  const measured = `Measured ${formatDate(report.measuredAt)} on ${run.commit} (\`${run.command}\`)`;
  const sections = {};

  const bytes = rowsOf(
    report,
    (r) => (typeof r.jsBytes === 'number' ? r : null),
    (r) => [kb(r.jsBytes), kb(r.jsSentBytes), r.jsRequests, r.requests],
  );
  if (bytes.length) {
    sections.bytes = `${measured}: JavaScript before the page is usable, in gzip (the budgets' unit) and as sent (Brotli).\n\n${table(
      ['page', 'build', 'JS gzip', 'JS sent', 'JS files', 'requests'],
      bytes,
      ['JS gzip', 'JS sent', 'JS files', 'requests'],
    )}`;
  }

  const chromium = rowsOf(
    report,
    (r) => (typeof r.lcpMs === 'number' ? r : null),
    (r) => [ms(r.fcpMs), ms(r.lcpMs), Number(r.cls.toFixed(4)), ms(r.tbtMs)],
  );
  if (chromium.length) {
    sections.chromium = `${measured}: the median of ${loads(run.runs)} per page in Chromium, 412×823, CPU slowed 4×, no network throttling, cache off.\n\n${table(
      ['page', 'build', 'FCP ms', 'LCP ms', 'CLS', 'TBT ms'],
      chromium,
      ['FCP ms', 'LCP ms', 'CLS', 'TBT ms'],
    )}`;
  }

  const lighthouse = rowsOf(
    report,
    (r) => r.lighthouse,
    (l) => {
      const hosts = l.runs.map((each) => each.hostBenchmarkIndex).filter((index) => typeof index === 'number');
      return [
        `${l.performance} (${l.performanceRange.join('–')})`,
        l.accessibility,
        ms(l.lcpMs),
        ms(l.tbtMs),
        hosts.length ? `${Math.round(Math.min(...hosts))}–${Math.round(Math.max(...hosts))}` : '–',
      ];
    },
  );
  if (lighthouse.length) {
    sections.lighthouse = `${measured}: Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU), the median of ${run.lighthouseRuns} runs and the score's range; the host benchmark is Lighthouse's of this machine during the runs.\n\n${table(
      ['page', 'build', 'performance', 'accessibility', 'LCP ms', 'TBT ms', 'host benchmark'],
      lighthouse,
      ['performance', 'accessibility', 'LCP ms', 'TBT ms', 'host benchmark'],
    )}`;
  }

  const slowPhone = rowsOf(
    report,
    (r) => r.slowPhone,
    (s) => [
      ms(s.firstPaintMs),
      yesNo(s.frameAtFirstPaint),
      yesNo(s.shapeAtFirstPaint),
      typeof s.formMs === 'number' ? `form ${ms(s.formMs)}` : `balance ${ms(s.balanceMs)}`,
    ],
  );
  if (slowPhone.length && report.slowPhone) {
    const phone = report.slowPhone;
    sections['slow-phone'] =
      `${measured}: 4× CPU, ${phone.downloadMbps} Mbps down, ${phone.uploadMbps} Mbps up, ${phone.rttMs} ms RTT, ${phone.viewport}, the median of ${loads(phone.runs)}; filmstrips in \`perf/filmstrips/\`.\n\n${table(
        ['page', 'build', 'first paint ms', 'frame at first paint', "page's shape at first paint", 'on screen ms'],
        slowPhone,
        ['first paint ms', 'on screen ms'],
      )}`;
  }
  const returns = returnRows(report);
  if (returns.length && report.slowPhone) {
    const phone = report.slowPhone;
    sections.return = `${measured}: the same slow phone (${phone.downloadMbps} Mbps, ${phone.rttMs} ms RTT, 4× CPU, a service worker's own fetches slowed too), in one tab after one warm visit, browser cache on; the median of ${phone.runs} visits of each kind, each visit's figure in the last column; filmstrips of the median visits in \`perf/filmstrips/\`.\n\n${table(
      ['visit', 'build', 'service worker', 'first paint ms', 'on screen ms', 'each visit ms'],
      returns,
      ['first paint ms', 'on screen ms'],
    )}`;
  }
  return sections;
}

/** One row per return visit (`report.returnVisits`) and build: offline without a page, "no page". */
function returnRows(report) {
  const rows = [];
  for (const visit of report.returnVisits ?? []) {
    for (const { label, results } of buildsOf(report)) {
      const figures = results.return?.[visit.name];
      if (!figures) continue;
      const reached = figures[`${visit.until}Ms`];
      rows.push([
        `${visit.path} ${visit.offline ? 'offline' : 'again'}`,
        label,
        yesNo(results.return.worker),
        ms(figures.firstPaintMs),
        typeof reached === 'number'
          ? [
              `${visit.until} ${ms(reached)}`,
              ...(visit.also ?? [])
                .filter((other) => typeof figures[`${other}Ms`] === 'number')
                .map((other) => `${other} ${ms(figures[`${other}Ms`])}`),
            ].join(', ')
          : 'no page',
        figures.each.map((each) => (typeof each === 'number' ? ms(each) : 'no page')).join(', '),
      ]);
    }
  }
  return rows;
}

/** `markdown` with each of `sections` in place of what its markers held. */
export function replaceSections(markdown, sections) {
  let replaced = markdown;
  for (const [name, body] of Object.entries(sections)) {
    const start = `<!-- perf:${name}:start -->`;
    const end = `<!-- perf:${name}:end -->`;
    const from = replaced.indexOf(start);
    const to = replaced.indexOf(end);
    if (from === -1 || to < from) throw new Error(`${PERFORMANCE_DOC} has no ${start} … ${end} to replace`);
    replaced = `${replaced.slice(0, from + start.length)}\n\n${body}\n\n${replaced.slice(to)}`;
  }
  return replaced;
}

/** The commit measured, with a word when the work tree had changes on top of it. */
export function describeCommit(repoRoot) {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  if (head.status !== 0) return 'a tree outside git';
  const changed = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return `${head.stdout.trim()}${changed.stdout.trim() ? ' with uncommitted changes' : ''}`;
}

/**
 * Replaces the measured tables of docs/performance.md and formats the page with the project's
 * Prettier (its command: the library's CommonJS entry loads itself by a dynamic import, which jest
 * cannot run). The names of the tables replaced.
 */
export function writePerformanceDoc(repoRoot, report, run) {
  const file = path.join(repoRoot, PERFORMANCE_DOC);
  const sections = renderSections(report, run);
  writeFileSync(file, replaceSections(readFileSync(file, 'utf8'), sections));
  const prettier = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.bin/prettier');
  const formatted = spawnSync(prettier, ['--write', '--log-level', 'warn', file], { cwd: repoRoot, encoding: 'utf8' });
  if (formatted.status !== 0) throw new Error(`prettier could not format ${file}: ${formatted.stderr}`);
  return Object.keys(sections);
}
