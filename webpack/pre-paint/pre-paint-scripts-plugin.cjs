// The shell's scripts that run before main.js (theme-init.js, which index.html runs before the
// first paint; the start-up requests it loads; the locale-data worker), built from TypeScript
// modules that import the application's own rules (shell/src/pre-paint/), so no fact of the
// application is kept twice in hand-written copies. Each is one small classic script of its own:
// no webpack runtime, no federation, nothing shared with the bundles.
const path = require('node:path');
const esbuild = require('esbuild');
const webpack = require('webpack');
const { CLASSIC_SCRIPT } = require('../classic-script.cjs');

/**
 * One pre-paint script: the bundle of `entry` as a classic script (an IIFE), with the files it
 * was made from.
 * @returns {Promise<{ code: string, inputs: string[] }>}
 */
async function buildPrePaintScript(entry, { minify = true } = {}) {
  const built = await esbuild.build({
    ...CLASSIC_SCRIPT,
    entryPoints: [entry],
    minify,
    write: false,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const inputs = Object.keys(built.metafile.inputs).map((input) => path.resolve(input));
  return { code: built.outputFiles[0].text, inputs };
}

class PrePaintScriptsPlugin {
  /** @param {{ scripts: Record<string, string>, minify: boolean }} options  output name → TypeScript entry */
  constructor({ scripts, minify }) {
    this.scripts = scripts;
    this.minify = minify;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrePaintScriptsPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrePaintScriptsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          await Promise.all(
            Object.entries(this.scripts).map(async ([name, entry]) => {
              try {
                const { code, inputs } = await buildPrePaintScript(entry, { minify: this.minify });
                for (const input of inputs) compilation.fileDependencies.add(input);
                compilation.emitAsset(name, new webpack.sources.RawSource(code));
              } catch (error) {
                compilation.errors.push(new webpack.WebpackError(`PrePaintScriptsPlugin (${name}): ${error.message}`));
              }
            }),
          );
        },
      );
    });
  }
}

module.exports = { PrePaintScriptsPlugin, buildPrePaintScript };
