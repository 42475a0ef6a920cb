// Loads a TypeScript module of an app in Node, at build time: bundled by esbuild with the
// workspace's own sources (`@loyalty/shared` included), every other package left to Node. The
// first paint's markup is rendered from the components React draws (first-paint-plugin.cjs), and
// the build reads the application's facts from the modules that state them (the default language).
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

/** What esbuild is asked for: `file` with the workspace's sources, for Node. */
const buildOptions = (file) => ({
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

/** The module esbuild `built` of `file`, run: its exports and the files it was made from. */
function run(file, built) {
  const loaded = new Module(file, module);
  loaded.filename = file;
  loaded.paths = Module._nodeModulePaths(path.dirname(file));
  loaded._compile(built.outputFiles[0].text, file);
  const inputs = Object.keys(built.metafile.inputs).map((input) => path.resolve(input));
  return { exports: loaded.exports, inputs };
}

/**
 * The exports of `file`, and the files it was made from (for a watching build to follow).
 * @returns {Promise<{ exports: Record<string, unknown>, inputs: string[] }>}
 */
async function loadBuildTimeModule(file) {
  return run(file, await esbuild.build(buildOptions(file)));
}

/**
 * The same, at once: for a configuration that needs a fact of the application while it is read
 * (esbuild's synchronous API takes no plugins, so `file` must import no package).
 * @returns {{ exports: Record<string, unknown>, inputs: string[] }}
 */
function loadBuildTimeModuleSync(file) {
  return run(file, esbuild.buildSync({ ...buildOptions(file), plugins: [], packages: 'external' }));
}

module.exports = { loadBuildTimeModule, loadBuildTimeModuleSync };
