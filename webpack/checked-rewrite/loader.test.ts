import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import checkedRewriteLoader from './loader.cjs';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import { emotionInsertsWhileRendering, federationWithoutSnapshots, libraryRewrites } from './library-rewrites.cjs';

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
  const file = path.join(__dirname, '..', '..', 'node_modules', rule.file);
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

  it("makes Chakra's and Emotion's style insertion run while the element renders", () => {
    type Insert = (create: () => void) => void;
    // The browser build of the module, rewritten, evaluated as CommonJS with the test's React.
    const load = (rewrites: [string, string][]): Insert => {
      const source = rewrite(readFileSync(libraryFile(emotionInsertsWhileRendering), 'utf8'), rewrites)
        .replace("import * as React from 'react';", "const React = require('react');")
        .replace(/export \{ (\w+), (\w+) \};/, 'module.exports = { $1, $2 };');
      const module = { exports: {} as { useInsertionEffectAlwaysWithSyncFallback: Insert } };
      new Function('require', 'module', source)(require, module);
      return module.exports.useInsertionEffectAlwaysWithSyncFallback;
    };
    const steps = (useInsert: Insert) => {
      const seen: string[] = [];
      function Styled() {
        useInsert(() => void seen.push('rule inserted'));
        seen.push('element rendered');
        return null;
      }
      renderToString(createElement(Styled));
      return seen;
    };
    expect(steps(load(emotionInsertsWhileRendering.rewrites))).toEqual(['rule inserted', 'element rendered']);
    // Unrewritten, the insertion waits for a commit, which a render alone never reaches.
    expect(steps(load([]))).toEqual(['element rendered']);
  });
});
