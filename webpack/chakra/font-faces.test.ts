import { readFileSync } from 'node:fs';
import path from 'node:path';
import { systemTokens } from '../../shared/src/ui/system-tokens';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import { FAMILY, fontFaces } from './font-faces.cjs';

interface FontFaces {
  css: string;
  files: { name: string; source: Buffer }[];
}

const packageFiles = path.join(path.dirname(require.resolve('@fontsource-variable/public-sans/wght.css')), 'files');

describe('the typeface the build serves', () => {
  const { css, files } = fontFaces() as FontFaces;
  const rules = css.match(/@font-face{[^}]*}/g) ?? [];

  it('is the family the design tokens name first, for body and headings', () => {
    // The portal's own tokens come after Chakra's, and win.
    const fonts = systemTokens.map((config) => config.theme?.tokens?.fonts).findLast(Boolean) as Record<
      string,
      { value: string }
    >;
    expect(FAMILY).toBe('Public Sans');
    expect(fonts.body!.value.startsWith(`'${FAMILY}',`)).toBe(true);
    expect(fonts.heading!.value.startsWith(`'${FAMILY}',`)).toBe(true);
  });

  it('gives each script subset an upright rule of that family, shown while it loads', () => {
    expect(rules).toHaveLength(3);
    for (const rule of rules) {
      expect(rule).toContain(`font-family:'${FAMILY}';`);
      expect(rule).toContain('font-style:normal;');
      expect(rule).toContain('font-display:swap;');
      expect(rule).toContain('font-weight:100 900;');
      expect(rule).toMatch(/unicode-range:U\+/);
    }
  });

  it('names content-hashed copies of the package files, served from the root', () => {
    const named = rules.map((rule) => /url\(\/([^)]+)\)/.exec(rule)?.[1]);
    expect(named).toEqual(files.map((file) => file.name));
    for (const file of files) {
      const [, original] = /^(.+)\.[0-9a-f]{10}\.woff2$/.exec(file.name) ?? [];
      expect(original).toMatch(/^public-sans-(latin|latin-ext|vietnamese)-wght-normal$/);
      expect(file.source.equals(readFileSync(path.join(packageFiles, `${original}.woff2`)))).toBe(true);
    }
  });
});
