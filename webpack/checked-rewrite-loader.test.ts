import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import checkedRewriteLoader from './checked-rewrite-loader.cjs';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import { federationWithoutSnapshots, libraryRewrites } from './library-rewrites.cjs';

interface LibraryRewrite {
  file: string;
  test: RegExp;
  rewrites: [string, string][];
}

/** Runs the loader as webpack would, on `source` as the file `resourcePath`. */
function rewrite(source: string, rewrites: [string, string][], resourcePath = '/lib/file.js'): string {
  return checkedRewriteLoader.call({ getOptions: () => ({ rewrites }), resourcePath }, source);
}

/** The installed file a rule names, checked against the build's test for it. */
function libraryFile(rule: LibraryRewrite): string {
  const file = path.join(__dirname, '..', 'node_modules', rule.file);
  expect(file).toMatch(rule.test);
  return file;
}

describe('checked-rewrite-loader', () => {
  it('replaces each expected text, once', () => {
    expect(rewrite('a = 1; b = 2; a = 1;', [['a = 1;', 'a = 0;']])).toBe('a = 0; b = 2; a = 1;');
  });

  it('fails the build, naming the file, when a text is no longer there', () => {
    expect(() => rewrite('a = 1;', [['b = 2;', '']], '/lib/core.js')).toThrow(/\/lib\/core\.js no longer has "b = 2;"/);
  });

  it.each<[string, LibraryRewrite]>((libraryRewrites as LibraryRewrite[]).map((rule) => [rule.file, rule]))(
    '%s: the rule applies to the installed library, and leaves none of what it replaces',
    (_file, rule) => {
      const source = readFileSync(libraryFile(rule), 'utf8');
      const rewritten = rewrite(source, rule.rewrites);
      for (const [expected] of rule.rewrites) expect(rewritten).not.toContain(expected);
    },
  );

  it('leaves the federation runtime without the snapshot handler, but with its manifest cache', () => {
    const source = readFileSync(libraryFile(federationWithoutSnapshots), 'utf8');
    const rewritten = rewrite(source, federationWithoutSnapshots.rewrites);
    expect(rewritten).not.toMatch(/\bSnapshotHandler\b/);
    expect(rewritten).toContain('manifestCache: new Map()');
  });
});
