// One webpack configuration for the shell and every remote, so that they cannot drift apart:
// the same loaders, the same shared singletons, the same output layout.
const { existsSync } = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zopfli = require('@gfx/zopfli');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { chunkIntegrityPlugins } = require('./integrity/chunk-integrity.cjs');
const { ports, remotes, forwardedPaths, runtimeConfig, localReleaseManifest } = require('../scripts/lib/apps.cjs');
const registry = require('../scripts/lib/remotes.cjs');
const { sharedSingletons } = require('./shared-singletons.cjs');
const { HarnessRuntimePlugin } = require('./federation-runtime/harness-runtime-plugin.cjs');
const { SystemCssPlugin } = require('./chakra/system-build.cjs');
const { CompileHintPlugin } = require('./start-up/compile-hint-plugin.cjs');
const { LandingScriptsPlugin, DEFAULT_LANGUAGE } = require('./start-up/landing-scripts-plugin.cjs');
const { PrePaintScriptsPlugin } = require('./pre-paint/pre-paint-scripts-plugin.cjs');
const { FirstPaintPlugin } = require('./first-paint/first-paint-plugin.cjs');
const { ANATOMY_BUILDERS } = require('./chakra/mark-pure-loader.cjs');
const { libraryRewrites } = require('./checked-rewrite/library-rewrites.cjs');
const { writeRemotesCompiledIn } = require('./single-bundle/remotes-compiled-in.cjs');
const { brandColor, WebAppManifestPlugin } = require('./install/web-app-manifest.cjs');
const { serviceWorkerPlugin } = require('./install/service-worker.cjs');
const { HASH_LENGTH } = require('./content-hash.cjs');

const repoRoot = path.resolve(__dirname, '..');

/**
 * A production build ships each text asset compressed ahead of time, Brotli at its best quality and
 * gzip by Zopfli, as static hosts and CDNs serve them: Brotli sends fewer bytes of JavaScript than
 * gzip (docs/performance.md, "Behind the code"), and nothing is compressed per request (the edge,
 * nginx, sends the variant the browser accepts: scripts/edge/policy.mjs). Files under 512 bytes or
 * that shrink by less than 10 % go as they are: the pages and the scripts they load before main.js
 * are compressed once here rather than on every request at the edge.
 *
 * Zopfli writes ordinary gzip that any client inflates, smaller than zlib's level 9. Five
 * iterations give nearly all of it; more save a few bytes and take far longer
 * (docs/performance.md, "Behind the code").
 */
function precompressedVariants() {
  const common = { test: /\.(js|css|html|svg|json)$/, threshold: 512, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: (input, options, callback) => zopfli.gzip(input, options, callback),
      compressionOptions: { numiterations: 5 },
    }),
  ];
}

/** Writes `version.json` next to the build, so tools can tell which version a folder holds. */
class VersionStampPlugin {
  constructor(stamp) {
    this.stamp = stamp;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('VersionStampPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'VersionStampPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = JSON.stringify({ ...this.stamp, builtAt: new Date().toISOString() }, null, 2);
          compilation.emitAsset('version.json', new webpack.sources.RawSource(`${json}\n`));
        },
      );
    });
  }
}

/** The shell's chunk of the query library and the one query client (see `optimization` below). */
const SERVER_DATA_CHUNK = {
  test: /[\\/](?:@tanstack[\\/](?:query-core|react-query)[\\/]|shared[\\/]src[\\/]api[\\/]query-client)/,
  name: 'server-data',
  chunks: 'async',
  enforce: true,
};

/**
 * A remote's federation name and exposed modules, from the registry (remotes.json): its folder's
 * name is its package name there.
 */
function registeredRemote(dir) {
  const remote = registry.remotes.find((candidate) => candidate.package === path.basename(dir));
  if (!remote) throw new Error(`${path.basename(dir)} is not in the registry of remotes (remotes.json)`);
  return { federationName: remote.federationName, exposes: remote.exposes };
}

/**
 * @param {object} app
 * @param {string} app.dir          the app's folder
 * @param {boolean} [app.isHost]    the shell; otherwise a remote of the registry
 * @param {string} [app.federationName]  the shell's federation name
 */
function createAppConfig({ dir, isHost = false, federationName: hostName = 'shell' }) {
  const { federationName, exposes } = isHost ? { federationName: hostName, exposes: {} } : registeredRemote(dir);
  const pkg = require(path.join(dir, 'package.json'));
  const appKey = path.basename(dir);
  const version = process.env.RELEASE_VERSION || pkg.version;
  // The federation manifest records `MF_BUILD_VERSION` as its buildVersion: the release CLI reads
  // the version from there and from `version.json`, and refuses a build where they disagree.
  if (process.env.RELEASE_VERSION) process.env.MF_BUILD_VERSION = process.env.RELEASE_VERSION;

  return (_env, argv) => {
    const production = argv.mode === 'production';
    // SINGLE_BUNDLE=1: the shell with every remote compiled in and no federation, to measure what
    // federation costs (`npm run perf -- --compare-single-bundle`). Never deployed.
    const singleBundle = isHost && Boolean(process.env.SINGLE_BUNDLE);
    // Production builds load every chunk with its SHA-384 (decision 055).
    const chunkIntegrity = production && !singleBundle;
    // The service worker ships with the shell's production builds only (decision 068).
    const serviceWorker = isHost && production && !singleBundle;
    const remoteSources = singleBundle
      ? Object.fromEntries(
          remotes.map(({ pkg, name }) => [`${name}/routes`, path.join(repoRoot, pkg, 'src', 'routes.tsx')]),
        )
      : {};
    // No federation runtime in the single bundle either: the shell's one module that calls it is
    // replaced by a stand-in that imports the remotes' routes, so the bundle measures the portal
    // without federation, not with an unused runtime.
    const singleBundleAliases = singleBundle
      ? {
          ...remoteSources,
          '@module-federation/enhanced/runtime': false,
          '@module-federation/runtime-core': false,
          '@module-federation/webpack-bundler-runtime': false,
        }
      : {};
    return {
      name: appKey,
      context: dir,
      mode: production ? 'production' : 'development',
      entry: { main: './src/index.ts' },
      devtool: production ? (process.env.SOURCE_MAPS ? 'source-map' : false) : 'eval-cheap-module-source-map',
      output: {
        // BUILD_OUTPUT_DIR sends a one-app build elsewhere (the release e2e builds versions side by
        // side without touching the `dist` other tests are being served from).
        path: process.env.BUILD_OUTPUT_DIR ? path.resolve(process.env.BUILD_OUTPUT_DIR) : path.join(dir, 'dist'),
        // Remotes are served from wherever their release lives; 'auto' resolves at run time.
        publicPath: 'auto',
        // Entry files keep stable names: `remoteEntry.js` is what a release points at, and the
        // federation runtime cannot resolve [contenthash] in an entry name (module-federation/core#5077).
        // They are served no-cache; every other chunk is content-hashed and cached forever.
        filename: '[name].js',
        chunkFilename: production ? `[name].[contenthash:${HASH_LENGTH}].js` : '[name].js',
        uniqueName: federationName,
        clean: true,
        crossOriginLoading: 'anonymous',
        // `globalThis` as is: webpack's fallback is `new Function('return this')`, which the
        // pages' Content-Security-Policy (no 'unsafe-eval') forbids.
        environment: { globalThis: true },
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: singleBundleAliases },
      module: {
        rules: [
          {
            test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/,
            loader: path.join(__dirname, 'chakra', 'mark-pure-loader.cjs'),
            options: { calls: ['defineConfig'] },
          },
          {
            test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]anatomy\.js$/,
            loader: path.join(__dirname, 'chakra', 'mark-pure-loader.cjs'),
            options: { calls: ANATOMY_BUILDERS },
          },
          {
            // The registry on every page without its menu's texts, which come with the member's frame.
            test: path.join(repoRoot, 'remotes.json'),
            loader: path.join(__dirname, 'registry', 'registry-titles-loader.cjs'),
          },
          {
            test: path.join(repoRoot, 'scripts', 'lib', 'menu-titles.cjs'),
            loader: path.join(__dirname, 'registry', 'menu-titles-loader.cjs'),
          },
          {
            // The design tokens, replaced by the dictionary the build computed from them.
            test: /shared[\\/]src[\\/]ui[\\/]system-tokens\.ts$/,
            enforce: 'pre',
            loader: path.join(__dirname, 'chakra', 'system-tokens-loader.cjs'),
          },
          ...libraryRewrites.map(({ test, rewrites }) => ({
            test,
            loader: path.join(__dirname, 'checked-rewrite', 'loader.cjs'),
            options: { rewrites },
          })),
          {
            // A picture a page draws (the guest pages' scene): a file of its own named after its
            // content, so no script carries its bytes and the edge caches it for good.
            test: /\.svg$/,
            include: [path.join(dir, 'src')],
            type: 'asset/resource',
            generator: { filename: `[name].[contenthash:${HASH_LENGTH}][ext]` },
          },
          {
            test: /\.[cm]?tsx?$/,
            include: [
              path.join(dir, 'src'),
              path.join(repoRoot, 'shared', 'src'),
              ...Object.values(remoteSources).map((routes) => path.dirname(routes)),
            ],
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                  target: 'es2020',
                },
              },
            },
          },
        ],
      },
      plugins: [
        !singleBundle &&
          new ModuleFederationPlugin({
            name: federationName,
            filename: 'remoteEntry.js',
            exposes,
            // The shell learns its remotes at run time from the release manifest.
            remotes: {},
            // The shell provides from its entry script what every page needs (decision 009).
            shared: sharedSingletons({ eager: isHost, development: !production }),
            shareStrategy: 'loaded-first',
            // A remote's warm-up (src/warm-up.ts) runs with its remoteEntry.js and starts its texts
            // downloading beside the routes module, not after it.
            runtimePlugins: isHost ? [] : [path.join(dir, 'src', 'warm-up.ts')],
            // Leave out of every entry the runtime paths the portal never takes: manifest snapshots
            // (the release manifest names remoteEntry.js files) and Node's script loading.
            // Remotes use the runtime the shell hands over instead of carrying their own copy
            // (harness pages get theirs from HarnessRuntimePlugin).
            experiments: {
              optimization: { disableSnapshot: true, target: 'web' },
              ...(isHost ? {} : { externalRuntime: true }),
            },
            dts: false,
            manifest: true,
          }),
        new webpack.DefinePlugin({
          __APP_NAME__: JSON.stringify(appKey),
          __APP_VERSION__: JSON.stringify(version),
          __SERVICE_WORKER__: JSON.stringify(serviceWorker),
        }),
        // Static files of the page (the favicon) go out as they are.
        new CopyWebpackPlugin({
          patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }],
        }),
        // The page's scripts before main.js, from the application's own modules (src/pre-paint/).
        isHost &&
          new PrePaintScriptsPlugin({
            minify: production,
            scripts: Object.fromEntries(
              ['theme-init', 'start-up-requests', 'locale-data'].map((name) => [
                `${name}.js`,
                path.join(dir, 'src', 'pre-paint', `${name}.ts`),
              ]),
            ),
          }),
        new VersionStampPlugin({ name: appKey, version }),
        // The portal installs from the shell's page: its manifest and icons (decision 068).
        isHost && new WebAppManifestPlugin(),
        !isHost && new HarnessRuntimePlugin(),
        // What the shell's server preloads with the entry of the remote that renders a page.
        !isHost &&
          !singleBundle &&
          new LandingScriptsPlugin({
            expose: 'routes',
            texts: path.join(dir, 'src', 'locales', `${DEFAULT_LANGUAGE}.json`),
            integrity: chunkIntegrity,
          }),
        // The single bundle's stand-in for the shell's one module that speaks to federation.
        singleBundle &&
          new webpack.NormalModuleReplacementPlugin(
            /[\\/]shell[\\/]src[\\/]remotes[\\/]federation\.ts$/,
            writeRemotesCompiledIn(
              remotes.map((remote) => remote.name),
              path.join(repoRoot, 'node_modules', '.cache', 'single-bundle'),
            ),
          ),
        // Remotes borrow the page's bundler runtime as they borrow its runtime core (decision 007).
        !isHost &&
          new webpack.NormalModuleReplacementPlugin(
            /@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/,
            path.join(__dirname, 'federation-runtime', 'bundler-runtime-from-page.js'),
          ),
        // The registry's checks ran in this build's own process (scripts/lib/remotes.cjs): pages read
        // the registry without them.
        new webpack.NormalModuleReplacementPlugin(
          /[\\/]scripts[\\/]lib[\\/]registry-checks\.cjs$/,
          path.join(__dirname, 'registry', 'no-registry-checks.cjs'),
        ),
        new SystemCssPlugin(),
        // The first paint from the components React draws: the shell's frame in its page, a
        // remote's page skeletons beside its entry, for the edge to write into the page (decision 064).
        // A remote without `src/first-paint.tsx` ships no skeletons: its pages paint the frame alone.
        isHost
          ? new FirstPaintPlugin({ kind: 'frame', module: path.join(dir, 'src', 'first-paint', 'static-page.tsx') })
          : existsSync(path.join(dir, 'src', 'first-paint.tsx')) &&
            new FirstPaintPlugin({ kind: 'pages', module: path.join(dir, 'src', 'first-paint.tsx') }),
        new HtmlWebpackPlugin({
          template: path.join(dir, 'public', 'index.html'),
          // The browser's bar in the brand colour, the theme's (web-app-manifest.cjs).
          meta: isHost ? { 'theme-color': brandColor() } : {},
          // The shell's page is the product; a remote's page is its standalone harness.
          chunks: ['main'],
          // Each app's page is served from the root of its own origin, whatever the route.
          publicPath: '/',
          scriptLoading: 'defer',
          // `main.js` has a stable name: the build hash in its URL makes each release fetch it anew.
          hash: true,
        }),
        // The entry holds what every page runs before its first render: compiled while it downloads.
        production && new CompileHintPlugin({ chunks: ['main'] }),
        // Every chunk a runtime loads carries its SHA-384 (`integrity` on its script tag): with the
        // entry checked against the release manifest, a changed chunk is refused too (decision 055).
        ...(chunkIntegrity ? chunkIntegrityPlugins() : []),
        serviceWorker && serviceWorkerPlugin(dir),
        ...(production ? precompressedVariants() : []),
      ],
      // The query cache and its library in one chunk of the shell: every page that reads server data
      // needs both, so they come in one request, as the hand-made points store did before them
      // (decision 020). A remote never provides them; the shell's copies are the page's singletons.
      optimization:
        isHost && production && !singleBundle
          ? { splitChunks: { cacheGroups: { serverData: SERVER_DATA_CHUNK } } }
          : {},
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: ports[appKey],
        host: process.env.APP_HOST || 'localhost',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: { directory: path.join(dir, 'public'), publicPath: '/', watch: false },
        // The shell's pages call the API and send their reports through their own origin, as in a
        // deployment. xfwd: the API and the receiver limit per client, read from X-Forwarded-For.
        proxy: isHost
          ? Object.entries(forwardedPaths()).map(([context, target]) => ({ context: [context], target, xfwd: true }))
          : [],
        setupMiddlewares: (middlewares, server) => {
          // The development servers speak plain HTTP (the edge, TLS): their pages name their own origins.
          server.app.get('/config.json', (_req, res) => res.json(runtimeConfig(appKey, 'development')));
          if (isHost) {
            server.app.get('/release-manifest.json', (_req, res) =>
              res.json(localReleaseManifest('local', 'development')),
            );
          }
          return middlewares;
        },
      },
    };
  };
}

module.exports = { createAppConfig };
