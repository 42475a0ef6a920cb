// Subresource Integrity on every chunk a runtime loads, with module federation's chunks
// (decision 055).
const webpack = require('webpack');
const { SubresourceIntegrityPlugin } = require('webpack-subresource-integrity');
const { makePlaceholder } = require('webpack-subresource-integrity/util');

const HASH_FUNCTIONS = ['sha384'];

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
          const fileless = [...compilation.chunks].filter((chunk) => chunk.id !== null && chunk.files.size === 0);
          if (fileless.length === 0) return;
          const entries = fileless.map((chunk) => {
            const placeholder = makePlaceholder(HASH_FUNCTIONS, chunk.id);
            const id = String(chunk.id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            return new RegExp(`"?${id}"?:"${placeholder.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}",?`, 'g');
          });
          for (const chunk of compilation.chunks) {
            if (!chunk.hasRuntime()) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js') || !assets[file]) continue;
              const source = assets[file].source().toString();
              const cleaned = entries.reduce((text, entry) => text.replace(entry, ''), source).replace(/,\}/g, '}');
              if (cleaned !== source) compilation.updateAsset(file, new webpack.sources.RawSource(cleaned));
            }
          }
        },
      );
    });
  }
}

/** The plugins that give every chunk of a production build its integrity. */
function chunkIntegrityPlugins() {
  return [new DropFilelessChunkPlaceholders(), new SubresourceIntegrityPlugin({ hashFuncNames: HASH_FUNCTIONS })];
}

module.exports = { chunkIntegrityPlugins };
