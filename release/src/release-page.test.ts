import { mkdtemp, rm, writeFile, mkdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AuditEntry, WalkReading } from './audit-log';
import { REPO_ROOT, auditLogPath, readingsLogPath, resolveRemote } from './deploy-layout';
import { releasePage, writeReleasePage } from './release-page';
import { groupWalks } from './release-page-walks';
import { releasePageFixture, releasePageFixtureLines } from './testing/release-page-fixture';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'release-page-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function writeLogs(lines: { readings: string; audit: string }) {
  await mkdir(path.dirname(readingsLogPath(root)), { recursive: true });
  await writeFile(readingsLogPath(root), lines.readings);
  await writeFile(auditLogPath(root), lines.audit);
}

const NOW = new Date('2026-11-28T09:00:00.000Z');

/** The `<section class="walk">` of one walk, found by its heading's text. */
function walkSection(html: string, heading: string): string {
  const sections = html.split('<section class="walk"').slice(1);
  const found = sections.find((section) => section.includes(heading));
  if (!found) throw new Error(`No walk headed "${heading}"`);
  return found;
}

describe('groupWalks', () => {
  it('groups readings by walk and gives each the decisions of its canary, and how it ended', () => {
    const { readings, audit } = releasePageFixture();
    const walks = groupWalks(readings, audit, 'production');
    expect(walks.map((walk) => [walk.remote, walk.version, walk.end, walk.readings.length])).toEqual([
      ['mf-points', '1.2.0', 'rolled back', 7],
      ['mf-points', '1.1.0', 'promoted', 8],
    ]);
    expect(walks[0]!.decisions.map((decision) => [decision.seconds, decision.label, decision.verdict])).toEqual([
      [0, 'step 5 %', null],
      [60, 'wait', 'insufficient'],
      [75, 'next step', 'pass'],
      [75, 'step 25 %', null],
      [105, 'rollback', 'fail'],
    ]);
    expect(walks[1]!.decisions.map((decision) => decision.label)).toEqual([
      'step 5 %',
      'next step',
      'step 50 %',
      'next step',
      'step 100 %',
      'promote',
      'promoted',
    ]);
    expect(walks[0]!.confidence).toBe(0.95);
  });

  it('says held after a hold, running without an end, and leaves other environments out', () => {
    const { readings, audit } = releasePageFixture();
    const first = readings.filter((reading) => reading.version === '1.2.0');
    const cut = audit.filter((entry) => entry.action !== 'rollback-canary');
    const hold: AuditEntry = {
      ...cut.find((entry) => entry.action === 'analysis')!,
      action: 'hold',
      at: '2026-11-26T00:34:30.000Z',
      to: 'hold',
    };
    expect(groupWalks(first, cut, 'production')[0]!.end).toBe('running');
    expect(groupWalks(first, [...cut, hold], 'production')[0]!.end).toBe('held');
    const staging: WalkReading[] = first.map((reading) => ({ ...reading, env: 'staging' }));
    expect(groupWalks(staging, audit, 'production')).toEqual([]);
  });
});

describe('releasePage', () => {
  it('names each walk and its outcome, lists each decision and draws one chart per check with its text', async () => {
    await writeLogs(releasePageFixtureLines());
    const { html, walks } = await releasePage({ root, env: 'production', now: NOW });
    expect(walks).toHaveLength(2);
    expect(html).toContain('<title>Canary walks: production</title>');
    expect(html).toContain('<html lang="en">');

    const rolledBack = walkSection(html, 'mf-points 1.2.0: ');
    expect(rolledBack).toContain('rolled back at 25 % after 105 s');
    expect(rolledBack).toContain('rolled back at 25 % after 105 s</span>, judged at 95 % confidence</h3>');
    const decisions = rolledBack.slice(rolledBack.indexOf('<table>'), rolledBack.indexOf('</table>'));
    for (const label of ['step 5 %', 'wait', 'next step', 'step 25 %', 'rollback']) {
      expect(decisions).toContain(`<td>${label}</td>`);
    }
    const promoted = walkSection(html, 'mf-points 1.1.0: ');
    expect(promoted).toContain('promoted after 180 s');
    expect(promoted).toContain('1 unavailable');

    for (const section of [rolledBack, promoted]) {
      for (const check of ['error rate', 'failure rate', 'p75 LCP', 'p75 INP']) {
        expect(section).toContain(`<figcaption>${check}</figcaption>`);
        expect(section).toMatch(new RegExp(`<svg role="img" aria-label="${check} of mf-points [^"]+ readings over`));
        expect(section).toContain(`<summary>Readings of ${check}</summary>`);
      }
      expect(section.match(/<svg role="img"/g)).toHaveLength(6);
    }
    // The failing check's text says when its verdict turned.
    expect(rolledBack).toMatch(/aria-label="error rate of mf-points 1\.2\.0[^"]*fail at 105 s/);
    // The unavailable reading is marked, on the steps chart and on the refusals chart.
    expect(promoted).toMatch(/aria-label="Steps of mf-points 1\.1\.0[^"]*unavailable readings at 40 s/);
    expect(promoted).toMatch(
      /aria-label="Refused reports of mf-points 1\.1\.0: 3 clients refused[^"]*unavailable at 40 s/,
    );
  });

  it('says what events the receivers did not count by the last reading, where the readings record them', async () => {
    const { readings, audit } = releasePageFixture();
    const last = readings.filter((reading) => reading.version === '1.2.0').at(-1)!;
    const withDropped = readings.map((reading) =>
      reading === last
        ? {
            ...reading,
            refusals: { refusedAddresses: 0, reportingAddresses: 9, droppedEvents: { 'reporter-cap': 412, pass: 0 } },
          }
        : reading,
    );
    await writeLogs({
      readings: withDropped.map((reading) => `${JSON.stringify(reading)}\n`).join(''),
      audit: audit.map((entry) => `${JSON.stringify(entry)}\n`).join(''),
    });
    const { html } = await releasePage({ root, env: 'production', now: NOW });
    expect(walkSection(html, 'mf-points 1.2.0: ')).toContain(
      `<p class="dropped">By ${last.windowSeconds} s, events the receivers did not count: 412 reporter-cap.</p>`,
    );
    // Readings recorded before the receivers' drops were read say nothing of them.
    expect(walkSection(html, 'mf-points 1.1.0: ')).not.toContain('class="dropped"');
  });

  it('draws a check its readings name, in its own unit: a unitless CLS beside the older four', async () => {
    const { readings, audit } = releasePageFixture();
    const withCls = readings.map((reading) =>
      reading.verdict === 'unavailable'
        ? reading
        : {
            ...reading,
            checks: [
              ...reading.checks,
              {
                check: 'clsP75',
                title: 'p75 CLS',
                kind: 'quantile' as const,
                unit: 'unitless' as const,
                verdict: 'pass' as const,
                canary: 0.021,
                stable: 0.03,
                limit: 0.086,
                sample: { canary: 60, stable: 120, minimum: 50 },
                confidence: 0.95,
                alpha: 0.002,
                pValue: 0.7,
                interval: { low: 0.01, high: 0.2 },
              },
            ],
          },
    );
    await writeLogs({
      readings: withCls.map((reading) => `${JSON.stringify(reading)}\n`).join(''),
      audit: audit.map((entry) => `${JSON.stringify(entry)}\n`).join(''),
    });
    const { html } = await releasePage({ root, env: 'production', now: NOW });
    const promoted = walkSection(html, 'mf-points 1.1.0: ');
    expect(promoted).toContain('<figcaption>p75 CLS</figcaption>');
    expect(promoted.match(/<svg role="img"/g)).toHaveLength(7);
    const table = promoted.slice(promoted.indexOf('<summary>Readings of p75 CLS</summary>'));
    expect(table).toContain('<td class="num">0.021</td><td class="num">0.03</td><td class="num">0.086</td>');
    expect(promoted).toMatch(
      /aria-label="p75 CLS of mf-points 1\.1\.0[^"]*Last: canary 0\.021, stable 0\.03, limit 0\.086/,
    );
    // Its axis keeps the score's decimals, not "0" for every tick.
    const chart = promoted.slice(promoted.indexOf('<figcaption>p75 CLS</figcaption>'));
    expect(chart.slice(0, chart.indexOf('</svg>'))).toMatch(/>0\.0\d+<\/text>/);
    // The older results keep their units: milliseconds for LCP, per cent for the error rate.
    expect(promoted).toMatch(/aria-label="p75 LCP of mf-points 1\.1\.0[^"]*Last: canary 1152 ms/);
  });

  it('needs nothing from the network, and its charts keep ids of their own', async () => {
    await writeLogs(releasePageFixtureLines());
    const { html } = await releasePage({ root, env: 'production', now: NOW });
    expect(html).not.toMatch(/<(script|link|img|iframe)\b/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/url\((?!#)/);
    const ids = [...html.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('escapes what the logs say, so a version cannot write markup', async () => {
    const { readings, audit } = releasePageFixture();
    const version = '1.3.0-<img src=x onerror=alert(1)>"';
    const rename = <T extends { version?: string }>(item: T) =>
      item.version === '1.2.0' ? { ...item, version } : item;
    await writeLogs({
      readings: readings.map((reading) => `${JSON.stringify(rename(reading))}\n`).join(''),
      audit: audit.map((entry) => `${JSON.stringify(entry)}\n`).join(''),
    });
    const { html } = await releasePage({ root, env: 'production', now: NOW });
    expect(html).toContain('mf-points 1.3.0-&lt;img src=x onerror=alert(1)&gt;&quot;');
    expect(html).not.toContain('<img');
  });

  it('heads a held walk with its share, and one without an end as running', async () => {
    const { readings, audit } = releasePageFixture();
    const first = readings.filter((reading) => reading.version === '1.2.0');
    const cut = audit.filter(
      (entry) => entry.action !== 'rollback-canary' && Date.parse(entry.at) < Date.parse('2026-11-26T00:40:00Z'),
    );
    const hold: AuditEntry = { ...cut.at(-1)!, action: 'hold', at: '2026-11-26T00:34:35.000Z', to: 'hold' };
    const lines = (items: unknown[]) => items.map((item) => `${JSON.stringify(item)}\n`).join('');
    await writeLogs({ readings: lines(first), audit: lines([...cut, hold]) });
    expect((await releasePage({ root, env: 'production', now: NOW })).html).toContain(
      'mf-points 1.2.0: <span class="end end-held">held at 25 % after 120 s</span>',
    );
    await writeLogs({ readings: lines(first), audit: lines(cut) });
    expect((await releasePage({ root, env: 'production', now: NOW })).html).toContain(
      'mf-points 1.2.0: <span class="end end-running">running at 25 % (last news after 105 s)</span>',
    );
  });

  it('keeps to the remote asked for', async () => {
    await writeLogs(releasePageFixtureLines());
    const { html, walks } = await releasePage({
      root,
      env: 'production',
      remote: resolveRemote('mf-auth'),
      now: NOW,
    });
    expect(walks).toEqual([]);
    expect(html).toContain('<title>Canary walks: mf-auth in production</title>');
  });

  it('says "No canary walks yet" for a deploy root without any', async () => {
    const out = path.join(root, 'page', 'walks.html');
    await expect(writeReleasePage({ root, env: 'production', out, now: NOW })).resolves.toEqual({ out, walks: 0 });
    const html = await readFile(out, 'utf8');
    expect(html).toContain('<p>No canary walks yet.</p>');
    expect(html).not.toContain('<svg role="img"');
  });
});

describe("the browser journey's fixture", () => {
  it("is the fixture of these tests, as the deploy root's files hold it", async () => {
    const folder = path.join(REPO_ROOT, 'e2e', 'tests', 'release', 'fixtures', 'release-page');
    const lines = releasePageFixtureLines();
    await expect(readFile(path.join(folder, 'readings.jsonl'), 'utf8')).resolves.toBe(lines.readings);
    await expect(readFile(path.join(folder, 'audit.jsonl'), 'utf8')).resolves.toBe(lines.audit);
  });
});
