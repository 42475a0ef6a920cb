import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PERFORMANCE_DOC, SECTIONS, renderSections, replaceSections, writePerformanceDoc } from './performance-doc.mjs';

const repoRoot = path.resolve(__dirname, '../..');
const run = { command: 'npm run perf -- --no-build', commit: 'abc1234', runs: 3, lighthouseRuns: 5 };

const pageLoad = (jsBytes: number) => ({
  jsBytes,
  jsSentBytes: jsBytes * 0.9,
  jsRequests: 9,
  requests: 16,
  fcpMs: 504.4,
  lcpMs: 1808,
  cls: 0.00251,
  tbtMs: 120,
  lighthouse: {
    performance: 97,
    performanceRange: [95, 98],
    accessibility: 100,
    lcpMs: 2470,
    tbtMs: 113,
    runs: [{ hostBenchmarkIndex: 1882.4 }, { hostBenchmarkIndex: 2818 }],
  },
});

const report = {
  measuredAt: '2026-11-28T14:05:09.000Z',
  federated: {
    login: {
      ...pageLoad(219_750),
      slowPhone: { firstPaintMs: 768, frameAtFirstPaint: true, shapeAtFirstPaint: true, formMs: 3347 },
    },
    dashboard: {
      ...pageLoad(254_771),
      slowPhone: { firstPaintMs: 720, frameAtFirstPaint: true, shapeAtFirstPaint: false, balanceMs: 3705 },
    },
    return: {
      worker: true,
      repeat: { firstPaintMs: 340, balanceMs: 912, appMs: 1630.6, each: [912, 1044, 870], noPage: 0, visits: 3 },
      offline: { firstPaintMs: 310, codeMs: 655.6, each: [700, 655.6, null], noPage: 1, visits: 3 },
    },
  },
  baseline: {
    ref: 'main',
    commit: '0123456789abcdef',
    results: {
      login: pageLoad(215_000),
      return: {
        worker: false,
        repeat: { firstPaintMs: 690, balanceMs: 2410.4, each: [2410.4, 2300, 2650], noPage: 0, visits: 3 },
        offline: { firstPaintMs: null, codeMs: null, each: [null, null, null], noPage: 3, visits: 3 },
      },
    },
  },
  slowPhone: { downloadMbps: 1.6, uploadMbps: 0.75, rttMs: 150, runs: 3, viewport: '375×812' },
  returnVisits: [
    { name: 'repeat', path: '/dashboard', offline: false, until: 'balance', also: ['app'] },
    { name: 'offline', path: '/dashboard/card', offline: true, until: 'code', also: [] },
  ],
};

test('docs/performance.md holds the markers of every table the run writes', () => {
  const page = readFileSync(path.join(repoRoot, PERFORMANCE_DOC), 'utf8');
  for (const name of SECTIONS) {
    expect(page).toContain(`<!-- perf:${name}:start -->`);
    expect(page).toContain(`<!-- perf:${name}:end -->`);
  }
});

test('each measure is a table with a row per page and build, saying when and how it was measured', () => {
  const sections = renderSections(report, run);
  expect(Object.keys(sections)).toEqual(SECTIONS);
  expect(sections.bytes).toContain('Measured 2026-11-28 14:05 UTC on abc1234 (`npm run perf -- --no-build`)');
  expect(sections.bytes).toContain('| --- | --- | ---: | ---: | ---: | ---: |');
  expect(sections.bytes).toContain('| login | this tree | 214.6 KB | 193.1 KB | 9 | 16 |');
  expect(sections.bytes).toContain('| login | main (0123456) | 210.0 KB |');
  expect(sections.chromium).toContain('| login | this tree | 504 | 1808 | 0.0025 | 120 |');
  expect(sections.lighthouse).toContain('| dashboard | this tree | 97 (95–98) | 100 | 2470 | 113 | 1882–2818 |');
  expect(sections['slow-phone']).toContain('| login | this tree | 768 | yes | yes | form 3347 |');
  expect(sections['slow-phone']).toContain('| dashboard | this tree | 720 | yes | no | balance 3705 |');
  expect(sections.return).toContain(
    '| /dashboard again | this tree | yes | 340 | balance 912, app 1631 | 912, 1044, 870 |',
  );
  expect(sections.return).toContain(
    '| /dashboard again | main (0123456) | no | 690 | balance 2410 | 2410, 2300, 2650 |',
  );
  expect(sections.return).toContain(
    '| /dashboard/card offline | this tree | yes | 310 | code 656 | 700, 656, no page |',
  );
  expect(sections.return).toContain(
    '| /dashboard/card offline | main (0123456) | no | – | no page | no page, no page, no page |',
  );
  // The repeat visits come first, each kind with its builds together, as they were taken.
  expect(sections.return.indexOf('/dashboard again | main')).toBeLessThan(
    sections.return.indexOf('/dashboard/card offline | this tree'),
  );
});

test('a run replaces only the tables it measured', () => {
  const slowPhoneOnly = {
    ...report,
    federated: { login: { slowPhone: report.federated.login.slowPhone } },
    baseline: undefined,
  };
  const sections = renderSections(slowPhoneOnly, run);
  expect(Object.keys(sections)).toEqual(['slow-phone']);
  const page = [
    '<!-- perf:bytes:start -->',
    'old bytes',
    '<!-- perf:bytes:end -->',
    '<!-- perf:slow-phone:start -->',
    'old phone',
    '<!-- perf:slow-phone:end -->',
  ].join('\n');
  const replaced = replaceSections(page, sections);
  expect(replaced).toContain('old bytes');
  expect(replaced).not.toContain('old phone');
  expect(replaced).toContain('form 3347');
  expect(() => replaceSections('no markers', sections)).toThrow(/perf:slow-phone:start/);
});

test('the page it writes is formatted as the lint step wants it', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'performance-doc-'));
  try {
    mkdirSync(path.join(root, 'docs'));
    const copy = path.join(root, PERFORMANCE_DOC);
    writeFileSync(copy, readFileSync(path.join(repoRoot, PERFORMANCE_DOC)));
    writeFileSync(path.join(root, '.prettierrc.json'), readFileSync(path.join(repoRoot, '.prettierrc.json')));
    expect(writePerformanceDoc(root, report, run)).toEqual(SECTIONS);
    expect(readFileSync(copy, 'utf8')).toContain('balance 3705');
    const check = spawnSync(path.join(repoRoot, 'node_modules/.bin/prettier'), ['--check', copy], { cwd: root });
    expect(check.status).toBe(0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
