// Lines of the federation runtime rewritten at build time (the checked-rewrite loader), for paths
// of its code the portal never takes but the runtime keeps alive. Each rule says which file
// (`file`, under node_modules), what is replaced and why that is safe.
const { libraryFile } = require('../checked-rewrite/library-file.cjs');

/**
 * The federation runtime builds a handler for manifest snapshots (mf-manifest.json) whenever remotes
 * exist, even with snapshots disabled, in the shell's entry
 * (docs/performance.md, "Behind the code"). The release manifest names remoteEntry.js files, so no
 * snapshot is ever loaded; the runtime asks the handler only from `preloadRemote`, which the portal
 * does not call, and `removeRemote` (a forced re-registration), which only clears the handler's
 * manifest cache. The runtime's own disabled handler stands in, with that cache.
 */
const federationWithoutSnapshots = {
  ...libraryFile('@module-federation/runtime-core/dist/core.js'),
  rewrites: [
    ['import { SnapshotHandler } from "./plugins/snapshot/SnapshotHandler.js";\n', ''],
    [
      'this.snapshotHandler = USE_REMOTE ? new SnapshotHandler(this) : new DisabledSnapshotHandler();',
      'this.snapshotHandler = Object.assign(new DisabledSnapshotHandler(), { manifestCache: new Map() });',
    ],
  ],
};

/**
 * The federation runtime checks a remote's version range for every shared module the remote uses,
 * when its routes load: about twenty checks, each parsing its range through a dozen regular
 * expressions built anew (docs/performance.md, "Behind the code"). Most of them
 * are one check (every `@loyalty/shared` module has the same version and the same range), and
 * `satisfy` is a pure function of its two strings, so each answer is kept.
 */
const federationSemverKept = {
  ...libraryFile('@module-federation/runtime-core/dist/utils/semver/index.js'),
  rewrites: [
    [
      'function satisfy(version, range) {',
      'const satisfied = new Map();\n' +
        'const satisfy = (version, range) => {\n' +
        '\tconst key = `${version}\\u0000${range}`;\n' +
        '\tif (!satisfied.has(key)) satisfied.set(key, satisfyOnce(version, range));\n' +
        '\treturn satisfied.get(key);\n' +
        '};\n' +
        'function satisfyOnce(version, range) {',
    ],
  ],
};

const federationRuntimeRewrites = [federationWithoutSnapshots, federationSemverKept];

module.exports = { federationRuntimeRewrites, federationWithoutSnapshots };
