const webpack = require('webpack');

/** V8's explicit compile hint; it counts only on a file's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the files of the named chunks for eager compilation (V8's explicit compile hints, Chrome
 * 136 and later; other engines read a comment). By default V8 compiles a function the first time it
 * is called, on the main thread, in the middle of start-up; with the hint it compiles the whole file
 * on the streaming thread while the file downloads. Only for files whose code nearly all runs at
 * start-up (the shell's entry: React DOM, the Chakra system, the federation runtime), since eager
 * compilation of code that never runs is work and memory for nothing.
 */
class CompileHintPlugin {
  /** @param {{ chunks: string[] }} options  names of the chunks whose files get the hint */
  constructor({ chunks }) {
    this.chunks = new Set(chunks);
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CompileHintPlugin',
          // After minification, which drops comments; before source maps and content hashes are
          // worked out, so both account for the added line.
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
        },
        () => {
          for (const chunk of compilation.chunks) {
            if (!chunk.name || !this.chunks.has(chunk.name)) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source));
            }
          }
        },
      );
    });
  }
}

module.exports = { CompileHintPlugin, COMPILE_HINT };
