// Writes `landing-scripts.json` beside a remote's entry: the scripts a page this remote renders
// asks for as soon as the entry has run, whatever the member's language. The shell's server reads
// it to preload them with the entry (scripts/edge/landing-scripts.mjs, decision 016).
const { createHash } = require('node:crypto');
const webpack = require('webpack');
const { loadBuildTimeModuleSync } = require('../first-paint/build-time-module.cjs');

const FILE = 'landing-scripts.json';

/** The language whose texts every page loads, the member's own or not (i18next's fallback). */
const { DEFAULT_LANGUAGE } = loadBuildTimeModuleSync(
  require.resolve('../../shared/src/i18n/default-language.ts'),
).exports;

class LandingScriptsPlugin {
  /**
   * @param {object} options
   * @param {string} options.expose  the exposed module the shell renders pages with (`routes`)
   * @param {string} options.texts   the file of the default language's texts
   * @param {boolean} [options.integrity]  the build loads its chunks with their SHA-384
   *   (webpack/integrity/chunk-integrity.cjs): the list gives each script's, for its preload
   */
  constructor({ expose, texts, integrity = false }) {
    this.expose = expose;
    this.texts = texts;
    this.integrity = integrity;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LandingScriptsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the files' names and contents are final (real content hashes), before they are
        // compressed: the digests are those of the bytes served, as in the runtime's map.
        { name: 'LandingScriptsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          // The federation plugin names the chunk group of each exposed module after it.
          const exposed = compilation.namedChunkGroups.get(`__federation_expose_${this.expose}`);
          if (!exposed) {
            compilation.errors.push(
              new webpack.WebpackError(`LandingScriptsPlugin: no exposed module "${this.expose}"`),
            );
            return;
          }
          const texts = [...compilation.chunks].filter((chunk) =>
            compilation.chunkGraph.getChunkModules(chunk).some((module) => module.resource === this.texts),
          );
          if (texts.length === 0) {
            compilation.errors.push(new webpack.WebpackError(`LandingScriptsPlugin: no chunk holds ${this.texts}`));
            return;
          }
          const scripts = [...exposed.chunks, ...texts].flatMap((chunk) =>
            [...chunk.files].filter((file) => file.endsWith('.js')),
          );
          const listed = [...new Set(scripts)];
          // A preload is used by a script only when both carry the same integrity: the browser
          // fetches the script again otherwise ("not used due to an integrity mismatch").
          const integrity = this.integrity
            ? Object.fromEntries(
                listed.map((file) => [
                  file,
                  `sha384-${createHash('sha384').update(compilation.getAsset(file).source.buffer()).digest('base64')}`,
                ]),
              )
            : undefined;
          const json = JSON.stringify({ scripts: listed, ...(integrity ? { integrity } : {}) }, null, 2);
          compilation.emitAsset(FILE, new webpack.sources.RawSource(`${json}\n`));
        },
      );
    });
  }
}

module.exports = { LandingScriptsPlugin, DEFAULT_LANGUAGE };
