// Writes the Chakra system's global style sheet (the cascade layers, the reset, the global styles
// and every token as a CSS variable; shared/src/ui/system-css.ts) to a content-hashed file and
// links it from the page, before any script. library-rewrites.cjs takes the same work
// out of the bundle. The sheet is computed by the portal's own system module, bundled by esbuild
// for Node apart from the webpack build, so it always matches the system the page runs with.
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { existsSync, statSync } = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const repoRoot = path.resolve(__dirname, '..');
const PRINT_SHEET = `
  import { system } from './shared/src/ui/system';
  import { systemStaticCss } from './shared/src/ui/system-css';
  process.stdout.write(systemStaticCss(system));
`;

let cached = null;

/** The sheet, computed again only when one of the sources it came from has changed. */
function systemSheet() {
  const stamp = (inputs) => inputs.map((file) => statSync(file).mtimeMs).join();
  if (cached && stamp(cached.inputs) === cached.stamp) return cached;
  const bundle = esbuild.buildSync({
    stdin: { contents: PRINT_SHEET, resolveDir: repoRoot, loader: 'ts', sourcefile: 'print-system-sheet.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const css = execFileSync(process.execPath, ['-'], {
    input: bundle.outputFiles[0].text,
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  // The sources the sheet came from (the printing stub itself is not a file).
  const inputs = Object.keys(bundle.metafile.inputs)
    .map((file) => path.resolve(repoRoot, file))
    .filter((file) => existsSync(file));
  const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 10);
  cached = { css, inputs, stamp: stamp(inputs), file: `chakra-system.${hash}.css` };
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
          const sheet = systemSheet();
          file = sheet.file;
          compilation.emitAsset(file, new webpack.sources.RawSource(sheet.css));
          sheet.inputs.forEach((input) => compilation.fileDependencies.add(input));
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('SystemCssPlugin', (data) => {
        data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'stylesheet', href: `/${file}` }));
        return data;
      });
    });
  }
}

module.exports = { SystemCssPlugin };
