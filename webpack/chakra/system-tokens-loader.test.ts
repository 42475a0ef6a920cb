import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import checkedRewriteLoader from '../checked-rewrite/loader.cjs';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import { libraryRewrites } from '../checked-rewrite/library-rewrites.cjs';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import systemTokensLoader from './system-tokens-loader.cjs';

interface LibraryRewrite {
  test: RegExp;
  rewrites: [string, string][];
}

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * What a page can read of a system: every token as `system.token` and the dictionary give it, each
 * category's values, the palettes, and the CSS of style objects that go through tokens (colours,
 * semantic and virtual ones, negative spacing, opacity mixes, breakpoints) and of a recipe.
 */
const DESCRIBE_SYSTEM = `
  import { system } from './shared/src/ui/system';
  import { buttonRecipe } from '@chakra-ui/react/theme';
  const names = [...system.tokens.tokenMap.keys()];
  const categories = [...new Set(names.map((name) => name.split('.')[0]))];
  const styles = [
    { color: 'teal.500', bg: 'bg.muted', borderColor: 'border.emphasized', p: 4, m: -2, mx: '-0.5' },
    { colorPalette: 'orange', bg: 'colorPalette.solid', color: 'colorPalette.contrast' },
    { bg: 'teal.500/40', color: 'fg/50', shadow: 'md', rounded: 'l2', zIndex: 'modal' },
    { hideFrom: 'md', fontSize: { base: 'sm', lg: '2xl' }, w: '1/2', maxW: 'breakpoint-md', lineHeight: 'moderate' },
    { animationName: 'fade-in', animationDuration: 'moderate', letterSpacing: 'tight', fontWeight: 'semibold' },
    { '--gap': 'spacing.3', gap: 'var(--gap)', textStyle: 'sm', layerStyle: 'fill.subtle', focusRingColor: 'red.focusRing' },
  ];
  const describe = (name) => [system.token(name), system.token.var(name), system.tokens.getVar(name)];
  process.stdout.write(JSON.stringify({
    tokens: Object.fromEntries(names.map((name) => [name, describe(name)])),
    categories: Object.fromEntries(categories.map((c) => [c, system.tokens.getCategoryValues(c)])),
    palettes: [...system.tokens.colorPaletteMap].map(([palette, vars]) => [palette, [...vars]]),
    css: styles.map((style) => system.css(style)),
    recipe: system.cva(buttonRecipe)({ variant: 'outline', size: 'sm' }),
  }));
`;

/** The rewrites and the loader of the apps' builds, as an esbuild plugin. */
const asInTheBuild: Plugin = {
  name: 'as-in-the-build',
  setup(esbuild) {
    esbuild.onLoad({ filter: /system-tokens\.ts$/ }, () => ({
      contents: systemTokensLoader.call({ addDependency: () => undefined }),
      loader: 'ts',
      resolveDir: path.join(repoRoot, 'shared/src/ui'),
    }));
    esbuild.onLoad({ filter: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/].*\.js$/ }, async ({ path: file }) => {
      const source = await readFile(file, 'utf8');
      const rules = (libraryRewrites as LibraryRewrite[]).filter(({ test }) => test.test(file));
      const contents = rules.reduce(
        (code, { rewrites }) =>
          checkedRewriteLoader.call({ getOptions: () => ({ rewrites }), resourcePath: file }, code),
        source,
      );
      return { contents, loader: 'js' };
    });
  },
};

/** Runs the description in Node, with Chakra's ES modules bundled as the apps' builds bundle them. */
async function describeSystem(plugins: Plugin[]): Promise<unknown> {
  const bundle = await build({
    stdin: { contents: DESCRIBE_SYSTEM, resolveDir: repoRoot, loader: 'ts', sourcefile: 'describe-system.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    mainFields: ['module', 'main'],
    conditions: ['import'],
    write: false,
    logLevel: 'error',
    plugins,
  });
  const output = execFileSync(process.execPath, ['-'], { input: bundle.outputFiles[0]?.text, cwd: repoRoot });
  return JSON.parse(output.toString('utf8'));
}

describe('the system created from the token dictionary the build computed', () => {
  it('reads every token, category, palette and style as the system built from the tokens does', async () => {
    const fromTokens = await describeSystem([]);
    const fromBuild = await describeSystem([asInTheBuild]);
    expect(fromBuild).toEqual(fromTokens);
    // The comparison is not empty: the portal's tokens, palettes and styles are in it.
    const teal = 'var(--chakra-colors-teal-solid)';
    expect(fromTokens).toMatchObject({
      tokens: {
        'colors.teal.solid': [teal, teal, teal],
        'spacing.-4': [expect.stringMatching(/^calc\(/), 'var(--chakra-spacing-4)', expect.any(String)],
      },
      palettes: expect.arrayContaining([
        ['teal', expect.arrayContaining([['--chakra-colors-color-palette-solid', teal]])],
      ]),
      css: expect.arrayContaining([expect.objectContaining({ color: 'var(--chakra-colors-teal-500)' })]),
    });
  }, 60_000);

  it('leaves the design tokens out of the module the apps bundle', () => {
    const generated: string = systemTokensLoader.call({ addDependency: () => undefined });
    expect(generated).toContain('restoreTokens');
    // Chakra's theme tokens are imported by the source module only.
    expect(generated).not.toContain('@chakra-ui/react/theme');
  });
});
