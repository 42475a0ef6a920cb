// The production edge of an environment: an nginx configuration for the shell's origin and each
// origin its release manifest sends browsers to for remotes, from the environment's settings
// (edge/environments.json) and its release manifest (`<deploy root>/manifests/<env>.json`, which
// the `release` CLI writes). `npm run build` writes one per environment that has a manifest;
// `npm run edge:config` writes one again after a release (docs/edge-behind-a-cdn.md).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { firstPaintOf } from './first-paint.mjs';
import { fileFromFolders, landingScriptsOf, readListFromFolders } from './landing-scripts.mjs';
import { nginxConfig } from './nginx-config.mjs';
import { REPO_ROOT, deployedManifestFile } from './portal-sites.mjs';
import { cspReportUrl, shellContentSecurityPolicy, shellPageLinks } from './policy.mjs';

const require = createRequire(import.meta.url);
const apps = require('../lib/apps.cjs');
/** Where each remote is mounted, from the registry (remotes.json). */
const remoteMounts = require('../lib/remotes.cjs').mounts;

export const ENVIRONMENTS_FILE = path.join(REPO_ROOT, 'edge', 'environments.json');
export const OUTPUT_DIR = path.join(REPO_ROOT, 'edge', 'dist');
/** Where a server's edge reads the receivers' key from (decision 071); an environment may name another. */
export const REPORTER_SECRET_FILE = '/etc/nginx/loyalty-reporter-secret.conf';
/** Where Debian's package puts nginx's Brotli module; an environment may name another. */
const DEBIAN_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * @typedef {object} EnvironmentSettings
 * @property {string} shellOrigin    the portal's public address (`https://portal.example.com`)
 * @property {string} apiUpstream    where the edge passes `/api/` on to (`http://10.0.0.5:3000`)
 * @property {string[]} telemetryUpstreams  the telemetry receivers the edge passes members' reports
 *   and CSP reports on to (`http://10.0.0.20:8090`, …): as many as the load needs, since Prometheus
 *   scrapes each and sums them
 * @property {string} servedFrom     the folder on the server holding `shell/` (the shell's build)
 *   and `deploy/` (the deploy root: remotes' versions)
 * @property {string} [listen]       what nginx listens on (default 80: TLS ends at the CDN or
 *   the load balancer in front)
 * @property {string[]} [trustedProxies]  CIDR blocks of that CDN or load balancer
 * @property {string | null} [brotliModule]  the module's file on the server, or null for none
 * @property {string} [user]         the workers' user (Debian: www-data)
 * @property {string} [defaultCountry]
 * @property {string} [logDir]       the logs' folder (default /var/log/nginx)
 * @property {string} [reporterSecretFile]  the file on the server holding the receivers' key
 *   (TELEMETRY_PASS_SECRET) as nginx includes it (default REPORTER_SECRET_FILE), written there by
 *   `node scripts/edge/write-reporter-secret.mjs <file>`: the key stays out of edge/dist
 */

/**
 * The remotes' origins of a manifest and how each maps onto the deploy root: a remote's entry is
 * `<base-url>/<version>/remoteEntry.js` (the release CLI's `--base-url`), whose path is either
 * empty (an origin of the remote's own: its folder is the root) or `/<remote>` (an origin shared by
 * remotes: the deploy root is the root, and only those folders are served). Anything else throws.
 */
export function remoteOrigins(manifest) {
  const byOrigin = new Map();
  for (const [name, channels] of Object.entries(manifest?.remotes ?? {})) {
    const remote = apps.remotes.find((candidate) => candidate.name === name);
    if (!remote) throw new Error(`the release manifest names an unknown remote "${name}"`);
    const releases = [channels?.stable, channels?.canary, ...(channels?.previous ?? [])].filter(Boolean);
    for (const release of releases) {
      let entry;
      try {
        entry = new URL(release.entry);
      } catch {
        throw new Error(`${name} ${release.version}: ${release.entry} is not an absolute address`);
      }
      const suffix = `/${encodeURIComponent(release.version)}/remoteEntry.js`;
      if (!entry.pathname.endsWith(suffix)) {
        throw new Error(`${name} ${release.version}: ${release.entry} is not <base-url>/<version>/remoteEntry.js`);
      }
      const basePath = entry.pathname.slice(0, -suffix.length);
      if (basePath !== '' && basePath !== `/${remote.pkg}`) {
        throw new Error(`${name}: its base URL's path must be empty or /${remote.pkg}, not ${basePath}`);
      }
      const place = byOrigin.get(entry.origin) ?? { shared: basePath !== '', pkgs: new Set() };
      if (place.shared !== (basePath !== '')) {
        throw new Error(`${entry.origin} serves remotes both at its root and under /<remote>/: choose one`);
      }
      place.pkgs.add(remote.pkg);
      if (!place.shared && place.pkgs.size > 1) {
        throw new Error(
          `${entry.origin} serves ${[...place.pkgs].join(' and ')} at its root: give each its own origin or path`,
        );
      }
      byOrigin.set(entry.origin, place);
    }
  }
  return byOrigin;
}

/** The folders an origin's files come from, under `deployRoot` (on the server, or here). */
const foldersOf = (place, deployRoot) => (place.shared ? [deployRoot] : [path.join(deployRoot, [...place.pkgs][0])]);

/**
 * The configuration of `env`: its settings, its release manifest, and the deploy root on this
 * machine (`localDeployRoot`) to read each release's landing scripts from. `runtimeDir` moves the
 * pid file and the temporary files out of the system's folders (tests); a server keeps them there.
 */
export async function productionEdgeConfig({ env, settings, manifest, localDeployRoot, runtimeDir = null }) {
  const shellOrigin = new URL(settings.shellOrigin).origin;
  if (!Array.isArray(settings.telemetryUpstreams) || settings.telemetryUpstreams.length === 0) {
    // The pages name the receiver as where their reports go: without one, every report is lost.
    throw new Error(`${env}: telemetryUpstreams must list at least one telemetry receiver (edge/environments.json)`);
  }
  const listen = [settings.listen ?? '80'];
  const deployOnServer = path.posix.join(settings.servedFrom, 'deploy');
  const origins = remoteOrigins(manifest);
  const localFolders = (origin) => (origins.has(origin) ? foldersOf(origins.get(origin), localDeployRoot) : null);
  const readList = readListFromFolders(localFolders);
  // A fragment found in the deploy root here is served from the same place in the server's.
  const localFile = fileFromFolders(localFolders);
  const servedFile = async (url) => {
    const file = await localFile(url);
    return file
      ? path.posix.join(deployOnServer, path.relative(localDeployRoot, file).split(path.sep).join('/'))
      : null;
  };
  const config = { ...apps.runtimeConfig('shell'), HOST_API: shellOrigin };
  if (settings.defaultCountry) config.DEFAULT_COUNTRY = settings.defaultCountry;
  const shellRoot = path.posix.join(settings.servedFrom, 'shell');
  const shell = {
    name: 'shell',
    listen,
    serverName: new URL(shellOrigin).hostname,
    roots: [shellRoot],
    pageRoot: shellRoot,
    pages: true,
    documents: { '/config.json': config, '/release-manifest.json': manifest },
    cors: false,
    contentSecurityPolicy: shellContentSecurityPolicy({ manifest, apiUrl: shellOrigin, shellOrigin }),
    reportUrl: cspReportUrl(shellOrigin),
    pageLinks: await shellPageLinks({
      manifest,
      apiUrl: shellOrigin,
      shellOrigin,
      remoteMounts,
      landingScriptsOf: (entry) => landingScriptsOf(entry, { readList }),
    }),
    firstPaint: await firstPaintOf({ manifest, shellOrigin, remoteMounts, readList, servedFile }),
    apiUpstream: settings.apiUpstream,
    telemetryUpstreams: settings.telemetryUpstreams,
  };
  const remotes = [...origins].map(([origin, place], index) => ({
    name: `remotes${index + 1}`,
    listen,
    serverName: new URL(origin).hostname,
    roots: foldersOf(place, deployOnServer),
    ...(place.shared ? { filePrefixes: [...place.pkgs].map((pkg) => `/${pkg}/`) } : {}),
    pages: false,
    cors: true,
  }));
  const sharing = remotes.find((site) => site.serverName === shell.serverName);
  if (sharing) {
    throw new Error(`${shell.serverName} is the shell's origin: remotes are served from origins of their own`);
  }
  const https = shellOrigin.startsWith('https:');
  return nginxConfig({
    sites: [shell, ...remotes],
    runtimeDir,
    user: settings.user ?? null,
    brotliModule: settings.brotliModule === undefined ? DEBIAN_BROTLI_MODULE : settings.brotliModule,
    accessLog: path.posix.join(settings.logDir ?? '/var/log/nginx', `loyalty-${env}.access.log`),
    errorLog: path.posix.join(settings.logDir ?? '/var/log/nginx', `loyalty-${env}.error.log`),
    https,
    trustedProxies: settings.trustedProxies ?? [],
    reporterSecret: { file: settings.reporterSecretFile ?? REPORTER_SECRET_FILE },
  });
}

/**
 * Writes `edge/dist/<env>/nginx.conf` for each environment of edge/environments.json (or those
 * named) that has a release manifest in `deployRoot`. Returns what was written and what was not.
 */
export async function writeProductionEdgeConfigs({ deployRoot, envs, outDir = OUTPUT_DIR }) {
  const environments = JSON.parse(readFileSync(ENVIRONMENTS_FILE, 'utf8'));
  const wanted = envs ?? Object.keys(environments).filter((key) => !key.startsWith('$'));
  const outcomes = [];
  for (const env of wanted) {
    const settings = environments[env];
    if (!settings) throw new Error(`edge/environments.json has no environment "${env}"`);
    const manifestFile = deployedManifestFile(deployRoot, env);
    if (!existsSync(manifestFile)) {
      outcomes.push({ env, written: null, why: `no release manifest at ${manifestFile} yet` });
      continue;
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const config = await productionEdgeConfig({ env, settings, manifest, localDeployRoot: deployRoot });
    const file = path.join(outDir, env, 'nginx.conf');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, config);
    outcomes.push({ env, written: file, revision: manifest.revision });
  }
  return outcomes;
}
