// Subresource Integrity on every chunk a runtime loads, with module federation's chunks
// (decision 055).
const webpack = require('webpack');
const { SubresourceIntegrityPlugin } = require('webpack-subresource-integrity');
const { makePlaceholder } = require('webpack-subresource-integrity/util');

const HASH_FUNCTIONS = ['sha384'];

const escapeForRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * `source` (a runtime, minified) without the entries `"<id>":"<placeholder>"` of the chunks
 * `placeholders` names (id → placeholder), each with one of the commas beside it. Only those
 * entries are touched: the rest of the runtime is code (regular expressions such as `{2,}`
 * included) and stays as it is.
 */
function withoutMapEntries(source, placeholders) {
  let text = source;
  for (const [id, placeholder] of placeholders) {
    const entry = `"?${escapeForRegExp(String(id))}"?:"${escapeForRegExp(placeholder)}"`;
    // Its comma before it, or after it when it is the first entry of the map.
    text = text.replace(new RegExp(`,${entry}|${entry},?`, 'g'), '');
  }
  return text;
}

/**
 * Module federation leaves chunks that hold only shared-module consumers: they have no file, so
 * no script is ever loaded for them, yet webpack-subresource-integrity lists them in each runtime's
 * map with a placeholder that nothing replaces, and fails the build
 * (waysact/webpack-subresource-integrity#176). Their entries are taken out of the map just before
 * the plugin computes the hashes, so the runtimes it hashes are the ones that ship.
 */
class DropFilelessChunkPlaceholders {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('DropFilelessChunkPlaceholders', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'DropFilelessChunkPlaceholders',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE - 1,
        },
        (assets) => {
          const placeholders = [...compilation.chunks]
            .filter((chunk) => chunk.id !== null && chunk.files.size === 0)
            .map((chunk) => [chunk.id, makePlaceholder(HASH_FUNCTIONS, chunk.id)]);
          if (placeholders.length === 0) return;
          for (const chunk of compilation.chunks) {
            if (!chunk.hasRuntime()) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js') || !assets[file]) continue;
              const source = assets[file].source().toString();
              const cleaned = withoutMapEntries(source, placeholders);
              if (cleaned !== source) compilation.updateAsset(file, new webpack.sources.RawSource(cleaned));
            }
          }
        },
      );
    });
  }
}

/**
 * webpack-subresource-integrity maps a lazy chunk's hash only when its id is truthy
 * (`if (depChunk.id)` in its util.js): a chunk whose deterministic id comes out as 0 is loaded
 * with `integrity="undefined"`, which the browser reports as an error and does not check at all.
 * Such a chunk is given the first id no other chunk has, before the runtimes are written.
 */
class NoChunkIdZero {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('NoChunkIdZero', (compilation) => {
      compilation.hooks.afterOptimizeChunkIds.tap('NoChunkIdZero', (chunks) => {
        const zero = [...chunks].find((chunk) => chunk.id === 0 || chunk.id === '0');
        if (!zero) return;
        const taken = new Set([...chunks].map((chunk) => String(chunk.id)));
        let id = 1;
        while (taken.has(String(id))) id += 1;
        zero.id = id;
        zero.ids = [id];
      });
    });
  }
}

/** The plugins that give every chunk of a production build its integrity. */
function chunkIntegrityPlugins() {
  return [
    new NoChunkIdZero(),
    new DropFilelessChunkPlaceholders(),
    new SubresourceIntegrityPlugin({ hashFuncNames: HASH_FUNCTIONS }),
  ];
}

module.exports = { chunkIntegrityPlugins, withoutMapEntries, HASH_FUNCTIONS };
