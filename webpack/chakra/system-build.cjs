// What the build computes of the Chakra system once, in Node, so the browser does not:
//  - its global style sheet (the cascade layers, the reset, the global styles and every token as
//    a CSS variable; shared/src/ui/system-css.ts), written to a content-hashed file each page links
//    before any script (SystemCssPlugin; rewrites.cjs beside it takes the same work out of the bundle);
//  - the typeface's `@font-face` rules, at the end of that sheet, and the font files they name
//    (font-faces.cjs);
//  - its token dictionary (shared/src/ui/token-snapshot.ts), which the apps' bundles carry in place
//    of the design tokens (system-tokens-loader.cjs), so the page does not build it at start-up;
//  - the brand colour, for what is drawn outside the page (the installed app's icons and bar).
// The sheet and the dictionary come from the portal's own system module, bundled by esbuild for
// Node apart from the webpack build, so they always match the system the page runs with.
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { existsSync, statSync } = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { fontFaces } = require('./font-faces.cjs');
const { HASH_LENGTH } = require('../content-hash.cjs');

const repoRoot = path.resolve(__dirname, '..', '..');
// The brand colour is the default colour preset's solid colour (its buttons, the logo) in light mode.
const PRINT_SYSTEM = `
  import { system } from './shared/src/ui/system';
  import { systemStaticCss } from './shared/src/ui/system-css';
  import { snapshotTokens } from './shared/src/ui/token-snapshot';
  import { COLOR_PRESET_PALETTES } from './shared/src/ui/color-presets';
  const solid = system.tokens.getByName('colors.' + COLOR_PRESET_PALETTES.default + '.solid');
  const brandColor = system.token(String(solid?.extensions.conditions?._light).replace(/^{|}$/g, ''));
  process.stdout.write(
    JSON.stringify({ css: systemStaticCss(system), tokens: snapshotTokens(system.tokens), brandColor }),
  );
`;

let cached = null;

/**
 * The sheet and the token snapshot, computed again only when one of the sources they came from has
 * changed. `inputs` are those sources, for the build to watch.
 */
function systemBuild() {
  const stamp = (inputs) => inputs.map((file) => statSync(file).mtimeMs).join();
  if (cached && stamp(cached.inputs) === cached.stamp) return cached;
  const bundle = esbuild.buildSync({
    stdin: { contents: PRINT_SYSTEM, resolveDir: repoRoot, loader: 'ts', sourcefile: 'print-system.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const printed = execFileSync(process.execPath, ['-'], {
    input: bundle.outputFiles[0].text,
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  const printedSystem = JSON.parse(printed.toString('utf8'));
  const fonts = fontFaces();
  const css = printedSystem.css + fonts.css;
  const { tokens, brandColor } = printedSystem;
  // The icons are drawn in it byte by byte: a colour of six hex digits, or the build stops here.
  if (!/^#[0-9a-f]{6}$/i.test(brandColor ?? '')) {
    throw new Error(`system-build: the brand colour is not a colour: ${brandColor}`);
  }
  // The sources they came from (the printing stub itself is not a file).
  const inputs = Object.keys(bundle.metafile.inputs)
    .map((file) => path.resolve(repoRoot, file))
    .filter((file) => existsSync(file));
  const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, HASH_LENGTH);
  cached = {
    css,
    tokens,
    brandColor,
    inputs,
    stamp: stamp(inputs),
    cssFile: `chakra-system.${hash}.css`,
    fontFiles: fonts.files,
  };
  return cached;
}

class SystemCssPlugin {
  apply(compiler) {
    const { webpack } = compiler;
    compiler.hooks.thisCompilation.tap('SystemCssPlugin', (compilation) => {
      let file = null;
      compilation.hooks.processAssets.tap(
        { name: 'SystemCssPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const built = systemBuild();
          file = built.cssFile;
          compilation.emitAsset(file, new webpack.sources.RawSource(built.css));
          for (const font of built.fontFiles) {
            compilation.emitAsset(font.name, new webpack.sources.RawSource(font.source), { immutable: true });
          }
          built.inputs.forEach((input) => compilation.fileDependencies.add(input));
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('SystemCssPlugin', (data) => {
        data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'stylesheet', href: `/${file}` }));
        return data;
      });
    });
  }
}

module.exports = { SystemCssPlugin, systemBuild };
