// Gives a remote's standalone harness page the federation runtime its build leaves out (see
// provide-federation-runtime.js): emits `federation-runtime.js`, bundled by esbuild apart from the
// remote's webpack build, and loads it first on the harness page. Every entry of a federated webpack
// build starts by initialising the runtime, so no script of that build could provide it.
const path = require('node:path');
const esbuild = require('esbuild');
const { CLASSIC_SCRIPT } = require('../classic-script.cjs');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const FILE = 'federation-runtime.js';
let bundled = null;

function bundle(minify) {
  bundled ??= esbuild.buildSync({
    ...CLASSIC_SCRIPT,
    entryPoints: [path.join(__dirname, 'provide-federation-runtime.js')],
    minify,
    write: false,
    // What the federation plugin defines for the remotes' own runtime (a web target, no snapshots).
    define: { FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true', ENV_TARGET: '"web"' },
  }).outputFiles[0].text;
  return bundled;
}

class HarnessRuntimePlugin {
  apply(compiler) {
    const { webpack } = compiler;
    compiler.hooks.thisCompilation.tap('HarnessRuntimePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'HarnessRuntimePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const source = bundle(compiler.options.mode === 'production');
          compilation.emitAsset(FILE, new webpack.sources.RawSource(source));
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('HarnessRuntimePlugin', (data) => {
        // A classic script before the deferred entry: it runs first.
        data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('script', { src: `/${FILE}?${compilation.hash}` }));
        return data;
      });
    });
  }
}

module.exports = { HarnessRuntimePlugin };
