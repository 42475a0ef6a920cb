// `npm run preview`: the production builds served as they are deployed, by nginx (the portal's
// edge) over TLS with HTTP/2 (a local certificate, scripts/lib/local-tls.cjs), each app on its own
// origin, with the mock API behind the shell's `/api/`, the telemetry receiver behind its
// `/telemetry/`, and Prometheus scraping the receiver where it is installed. nginx runs in the
// foreground with a configuration generated into a temporary folder from the policy module
// (scripts/edge/policy.mjs); Ctrl+C stops it and the mock API. `npm run build` first.
//
//   npm run preview                                   each remote's `<app>/dist`, the local manifest
//   npm run preview -- --deploy-root ./deploy --env production
//                                                     the versioned folders of a deploy root and the
//                                                     release manifest of that environment: when the
//                                                     `release` CLI changes it, the configuration is
//                                                     generated again and nginx reloaded, so a release
//                                                     takes effect on the next page load; Prometheus
//                                                     keeps its data in <deploy root>/prometheus/data
//   npm run preview -- --dev-routes                   the mock API with its `/api/dev` helpers (tests)
//   npm run preview -- --no-prometheus                no Prometheus (the e2e suite starts its own)
//   npm run preview -- --deploy-root ./deploy --no-controller
//                                                     without the release controller, which otherwise
//                                                     resumes the deploy root's orphaned canary walks
import { existsSync, mkdtempSync, rmSync, unwatchFile, watchFile } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { startLocalServers } from '../lib/local-servers.mjs';
import { ensureTelemetryPassSecret } from '../lib/telemetry-process.mjs';
import { nginxConfig } from '../edge/nginx-config.mjs';
import { ensureNginx, removeStaleRuntimeDirs, runtimePaths, startNginx, workerUserFor } from '../edge/nginx.mjs';
import { REPO_ROOT, deployedManifestFile, previewReleaseManifest, previewSites } from '../edge/portal-sites.mjs';

const require = createRequire(import.meta.url);
const { remotes, origin, apiOrigin, telemetryOrigin, API_PATH, TELEMETRY_PATH } = require('../lib/apps.cjs');
const { LOCAL_TLS, ensureLocalCertificate, fetchFromEdge } = require('../lib/local-tls.cjs');

const { values: options } = parseArgs({
  options: {
    'deploy-root': { type: 'string', default: process.env.DEPLOY_ROOT },
    env: { type: 'string', default: process.env.RELEASE_ENV || 'production' },
    'no-api': { type: 'boolean', default: false },
    // Reports still go to TELEMETRY_PORT, to a receiver started elsewhere.
    'no-telemetry': { type: 'boolean', default: false },
    'no-prometheus': { type: 'boolean', default: false },
    'no-controller': { type: 'boolean', default: false },
    'dev-routes': { type: 'boolean', default: false },
  },
});
const deployRoot = options['deploy-root'] ? path.resolve(options['deploy-root']) : null;

// With a deploy root only the shell must be built: remotes come from their published versions.
for (const app of deployRoot ? ['shell'] : ['shell', ...remotes.map((remote) => remote.pkg)]) {
  if (!existsSync(path.join(REPO_ROOT, app, 'dist', 'index.html'))) {
    console.error(`${app} has no production build: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const { nginx, brotliModule } = ensureNginx();
// The receiver and the edge read one key; a receiver started elsewhere (--no-telemetry) needs it too.
if (options['no-telemetry'] && !process.env.TELEMETRY_PASS_SECRET) {
  console.warn(
    "TELEMETRY_PASS_SECRET is not set: the edge cannot check the receiver's reporter cookies, and holds every browser to its address's limit.",
  );
}
ensureTelemetryPassSecret();
const tls = await ensureLocalCertificate();
removeStaleRuntimeDirs(tmpdir(), 'loyalty-edge-');
const runtimeDir = mkdtempSync(path.join(tmpdir(), 'loyalty-edge-'));
const { accessLog, errorLog } = runtimePaths(runtimeDir);

/** The whole configuration for `manifest`: sites, headers and documents follow it. */
async function configFor(manifest) {
  const sites = await previewSites({ deployRoot, manifest, tls: { certificate: tls.certificate, key: tls.key } });
  return nginxConfig({
    sites,
    runtimeDir,
    foreground: true,
    user: workerUserFor(sites.flatMap((site) => site.roots)),
    brotliModule,
    accessLog,
    errorLog,
  });
}

const served = (manifest) => async () => {
  const answer = await fetchFromEdge(`${origin('shell')}/release-manifest.json`, { cache: 'no-store' });
  return answer.ok && isDeepStrictEqual(await answer.json(), manifest);
};

// The servers in turn, the edge last; when one cannot start, those started before it are stopped
// again, so a failed start leaves nothing listening on the ports.
let local;
let manifest;
let edge;
try {
  local = await startLocalServers({
    api: !options['no-api'] && { devRoutes: options['dev-routes'] },
    telemetry: !options['no-telemetry'],
    // With a deploy root, Prometheus' data stays in it across restarts, as the releases do.
    prometheus: !options['no-prometheus'] && { deployRoot: deployRoot ?? undefined },
    releaseController: Boolean(deployRoot) && !options['no-controller'] && { deployRoot },
  });
  manifest = await previewReleaseManifest({ deployRoot, env: options.env });
  edge = await startNginx({ nginx, runtimeDir, config: await configFor(manifest), ready: served(manifest) });
} catch (error) {
  local?.stop();
  console.error(`The preview could not start: ${error.message}`);
  process.exit(1);
}
const { prometheus, releaseController } = local;

let stopping = false;
edge.child.once('exit', (code, signal) => {
  // Ctrl+C reaches nginx too, as one of the terminal's foreground processes.
  if (signal === 'SIGINT') void stop();
  if (stopping) return;
  console.error(`nginx stopped (${signal ?? `code ${code}`}); see ${errorLog}`);
  local.stop();
  process.exit(1);
});

/**
 * A release changed the environment's manifest: the configuration is generated again from it and
 * nginx reloaded. The policy, the preloads and `/release-manifest.json` are one configuration, so
 * a page load gets all three of the new release or all three of the old, never a mix.
 */
let following = Promise.resolve();
function followReleases() {
  const file = deployedManifestFile(deployRoot, options.env);
  // Polled (every 100 ms): the CLI replaces the file by a rename, which a watch of the file misses.
  watchFile(file, { interval: 100 }, () => {
    following = following.then(async () => {
      let next;
      try {
        next = await previewReleaseManifest({ deployRoot, env: options.env });
      } catch (error) {
        console.error(
          `The release manifest ${file} cannot be read (${error.message}); the edge keeps revision ${manifest.revision}.`,
        );
        return;
      }
      if (isDeepStrictEqual(next, manifest)) return;
      const started = Date.now();
      try {
        await edge.reload(await configFor(next), { until: served(next) });
        manifest = next;
        console.log(
          `Release manifest of ${options.env}, revision ${next.revision}, in force (${Date.now() - started} ms).`,
        );
      } catch (error) {
        console.error(`The edge keeps revision ${manifest.revision}: ${error.message}`);
      }
    });
  });
  return () => unwatchFile(file);
}
const stopFollowing = deployRoot ? followReleases() : () => {};

console.log(`
Preview of the production builds, served by nginx${deployRoot ? ` — deploy root ${deployRoot}, environment ${options.env}` : ''}
  shell       ${origin('shell')}
${remotes.map(({ pkg }) => `  ${pkg.padEnd(11)} ${origin(pkg)}`).join('\n')}
  mock API    ${apiOrigin()} (the shell's pages call it through ${origin('shell')}${API_PATH})
  telemetry   ${telemetryOrigin()} (reports through ${origin('shell')}${TELEMETRY_PATH}; metrics at /metrics)${
    prometheus ? `\n  Prometheus  ${prometheus.url} (scraping the receiver; data in ${prometheus.dataDir})` : ''
  }${releaseController ? '\n  release controller: resumes the orphaned canary walks of the deploy root (--no-controller: none)' : ''}
  edge        ${runtimeDir} (generated nginx.conf, logs)${brotliModule ? '' : ', without Brotli'}
  TLS         HTTP/2 with a local certificate: to open the pages without a warning, let your browser
              trust ${LOCAL_TLS.authority} as an authority for websites

  Press Ctrl+C to stop.
`);

async function stop() {
  if (stopping) return;
  stopping = true;
  stopFollowing();
  await following;
  await edge.stop();
  local.stop();
  rmSync(runtimeDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
