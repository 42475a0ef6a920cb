// Lines of libraries' files rewritten at build time (checked-rewrite-loader.cjs), for paths of
// their code the portal never takes but the library keeps alive. Each rule says which file (`file`,
// under node_modules, and the build's `test` for it), what is replaced and why that is safe.

/**
 * Chakra's createSystem computes its whole global style sheet — the reset, the global styles and
 * every design token as a CSS variable — and its provider inserts it on the first render: a fifth
 * of the start-up work on a phone. The build ships that sheet as a static file instead
 * (system-css-plugin.cjs), so in the bundle the system is created without it, and without the
 * reset's rules (preflight.js, about 1 KB gzip), which nothing in the page reads any more.
 */
const chakraStaticGlobalCss = {
  file: '@chakra-ui/react/dist/esm/styled-system/system.js',
  test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
  rewrites: [
    ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'const _global = [];'],
    [
      "import { createPreflight } from './preflight.js';",
      'const createPreflight = () => {\n' +
        "  throw new Error('The reset style sheet is built with the page (webpack/system-css-plugin.cjs)');\n" +
        '};',
    ],
  ],
};

/**
 * The federation runtime builds a handler for manifest snapshots (mf-manifest.json) whenever remotes
 * exist, even with snapshots disabled: about 2 KB gzip of the shell's entry. The release manifest
 * names remoteEntry.js files, so no snapshot is ever loaded; the runtime asks the handler only from
 * `preloadRemote`, which the portal does not call, and `removeRemote` (a forced re-registration),
 * which only clears the handler's manifest cache. The runtime's own disabled handler stands in,
 * with that cache.
 */
const federationWithoutSnapshots = {
  file: '@module-federation/runtime-core/dist/core.js',
  test: /@module-federation[\\/]runtime-core[\\/]dist[\\/]core\.js$/,
  rewrites: [
    ['import { SnapshotHandler } from "./plugins/snapshot/SnapshotHandler.js";\n', ''],
    [
      'this.snapshotHandler = USE_REMOTE ? new SnapshotHandler(this) : new DisabledSnapshotHandler();',
      'this.snapshotHandler = Object.assign(new DisabledSnapshotHandler(), { manifestCache: new Map() });',
    ],
  ],
};

module.exports = { chakraStaticGlobalCss, federationWithoutSnapshots };
