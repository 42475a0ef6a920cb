// Writes `landing-scripts.json` beside a remote's entry: the scripts a page this remote renders
// asks for as soon as the entry has run, whatever the member's language. The shell's server reads
// it to preload them with the entry (scripts/edge/landing-scripts.mjs, decision 016).
const webpack = require('webpack');

const FILE = 'landing-scripts.json';

/**
 * The language whose texts every page loads, the member's own or not (i18next's fallback):
 * `DEFAULT_LANGUAGE` of shared/src/i18n/default-language.ts, which a test holds this to.
 */
const DEFAULT_LANGUAGE = 'en';

class LandingScriptsPlugin {
  /**
   * @param {object} options
   * @param {string} options.expose  the exposed module the shell renders pages with (`routes`)
   * @param {string} options.texts   the file of the default language's texts
   */
  constructor({ expose, texts }) {
    this.expose = expose;
    this.texts = texts;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LandingScriptsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'LandingScriptsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
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
          const json = JSON.stringify({ scripts: [...new Set(scripts)] }, null, 2);
          compilation.emitAsset(FILE, new webpack.sources.RawSource(`${json}\n`));
        },
      );
    });
  }
}

module.exports = { LandingScriptsPlugin, DEFAULT_LANGUAGE };
