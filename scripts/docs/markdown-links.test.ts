import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brokenLinks, headingAnchors, headingSlug, linkTargets, markdownFiles } from './markdown-links.mjs';

const repoRoot = path.resolve(__dirname, '../..');

test('every relative link of the README and the docs names a file, and each anchor a heading', () => {
  const pages = markdownFiles(repoRoot);
  expect(pages).toEqual(expect.arrayContaining(['README.md', path.join('docs', 'performance.md')]));
  expect(pages.flatMap((page) => brokenLinks(repoRoot, page))).toEqual([]);
});

describe('the checker', () => {
  function site(files: Record<string, string>) {
    const root = mkdtempSync(path.join(tmpdir(), 'markdown-links-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  }

  test('finds a missing file, a missing heading, and passes the rest', () => {
    const root = site({
      'README.md': [
        '# Title',
        '[ok](docs/a.md) [ok too](docs/a.md#the-npm-run-perf-page) [here](#title) [folder](docs/)',
        '[gone](docs/gone.md) [no heading](docs/a.md#nowhere) [away](https://example.com/x.md)',
        '`[code](not/a/link.md)`',
        '```',
        '[fenced](not/a/link.md)',
        '```',
        '[defined]: docs/missing.md',
      ].join('\n'),
      'docs/a.md': '# The `npm run perf` page\n',
    });
    expect(brokenLinks(root, 'README.md')).toEqual([
      'README.md: docs/gone.md names no file (docs/gone.md)',
      'README.md: docs/a.md#nowhere names no heading of docs/a.md',
      'README.md: docs/missing.md names no file (docs/missing.md)',
    ]);
  });

  test('reads link targets with titles and angle brackets', () => {
    expect(linkTargets('[a](b.md "title") ![img](<c d.png>)')).toEqual(['b.md', 'c d.png']);
  });

  test("slugs headings as GitHub does, numbering a name's repeats", () => {
    expect(headingSlug('2026-11-26: the edge benchmark, as it ran')).toBe('2026-11-26-the-edge-benchmark-as-it-ran');
    expect(headingSlug('The edge (`npm run bench:edge`)')).toBe('the-edge-npm-run-benchedge');
    expect([...headingAnchors('## Runs\n\n## Runs\n')]).toEqual(['runs', 'runs-1']);
  });
});
