// Loads a TypeScript module of an app in Node, at build time: bundled by esbuild with the
// workspace's own sources (`@loyalty/shared` included), every other package left to Node. The
// first paint's markup is rendered from the components React draws (first-paint-plugin.cjs).
const Module = require('node:module');
const path = require('node:path');
const esbuild = require('esbuild');

/** Bare imports of real packages stay imports; the workspace's are bundled (they are TypeScript). */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@loyalty/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The exports of `file`, and the files it was made from (for a watching build to follow).
 * @returns {Promise<{ exports: Record<string, unknown>, inputs: string[] }>}
 */
async function loadBuildTimeModule(file) {
  const built = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    jsx: 'automatic',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [packagesOutside],
  });
  const loaded = new Module(file, module);
  loaded.filename = file;
  loaded.paths = Module._nodeModulePaths(path.dirname(file));
  loaded._compile(built.outputFiles[0].text, file);
  const inputs = Object.keys(built.metafile.inputs).map((input) => path.resolve(input));
  return { exports: loaded.exports, inputs };
}

module.exports = { loadBuildTimeModule };
