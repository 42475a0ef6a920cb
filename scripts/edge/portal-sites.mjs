// The portal's origins as the edge serves them (nginx-config.mjs `Site`s): the shell, which
// passes `/api/` on to the API and members' reports under `/telemetry/` to the receiver, and each remote, on an origin of its own. For the preview and the
// e2e suite from the table of ports (scripts/lib/apps.cjs); for production from an environment's
// settings (edge/environments.json) and its release manifest.
import { lookup } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { landingScriptsOf, readListFromFolders } from './landing-scripts.mjs';
import { cspReportUrl, remoteContentSecurityPolicy, shellContentSecurityPolicy, shellPageLinks } from './policy.mjs';

const require = createRequire(import.meta.url);
const apps = require('../lib/apps.cjs');
/** Where each remote is mounted, from the registry (remotes.json). */
const remoteMounts = require('../lib/remotes.cjs').mounts;
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The manifest file of `env` in a deploy root, which the `release` CLI writes. */
export const deployedManifestFile = (deployRoot, env) => path.join(deployRoot, 'manifests', `${env}.json`);

/**
 * The release manifest the preview serves: the local one (each remote from its own `dist`), or
 * with a deploy root the environment's, where a remote it does not mention yet goes to its local
 * build, so a deploy root holding only some remotes still gives a working portal. Throws when the
 * environment's file cannot be read as JSON (the preview then keeps what it serves).
 */
export async function previewReleaseManifest({ deployRoot, env }) {
  const local = apps.localReleaseManifest();
  if (!deployRoot) return local;
  let released;
  try {
    released = JSON.parse(await readFile(deployedManifestFile(deployRoot, env), 'utf8'));
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    return { ...local, environment: env };
  }
  return { ...released, remotes: { ...local.remotes, ...released.remotes } };
}

/** Every address `host` names, with `port`: nginx listens on each, as browsers may try any. */
export async function listenAddresses(host, port) {
  const addresses = await lookup(host, { all: true });
  return [
    ...new Set(addresses.map(({ address, family }) => (family === 6 ? `[${address}]:${port}` : `${address}:${port}`))),
  ];
}

/**
 * The preview's sites: each app's build (with a deploy root, a remote's origin serves its
 * versions first, then its local build at the root), `manifest` in force, each served over TLS
 * with `tls` (the local certificate, scripts/lib/local-tls.cjs).
 */
export async function previewSites({ deployRoot, manifest, tls }) {
  const host = process.env.APP_HOST || 'localhost';
  const shellOrigin = apps.origin('shell');
  const remoteRoots = (pkg) =>
    deployRoot ? [path.join(deployRoot, pkg), path.join(REPO_ROOT, pkg, 'dist')] : [path.join(REPO_ROOT, pkg, 'dist')];
  const readList = readListFromFolders((origin) => {
    const remote = apps.remotes.find(({ pkg }) => apps.origin(pkg) === origin);
    return remote ? remoteRoots(remote.pkg) : null;
  });
  const shellApi = apps.runtimeConfig('shell').HOST_API;
  const shell = {
    name: 'shell',
    listen: await listenAddresses(host, apps.ports.shell),
    serverName: host,
    tls,
    roots: [path.join(REPO_ROOT, 'shell', 'dist')],
    pageRoot: path.join(REPO_ROOT, 'shell', 'dist'),
    pages: true,
    documents: { '/config.json': apps.runtimeConfig('shell'), '/release-manifest.json': manifest },
    cors: false,
    contentSecurityPolicy: shellContentSecurityPolicy({ manifest, apiUrl: shellApi, shellOrigin }),
    reportUrl: cspReportUrl(shellOrigin),
    pageLinks: await shellPageLinks({
      manifest,
      apiUrl: shellApi,
      shellOrigin,
      remoteMounts,
      landingScriptsOf: (entry) => landingScriptsOf(entry, { readList }),
    }),
    apiUpstream: apps.apiUpstream(),
    telemetryUpstreams: [apps.telemetryOrigin()],
  };
  const remotes = [];
  for (const { pkg, name } of apps.remotes) {
    remotes.push({
      name,
      listen: await listenAddresses(host, apps.ports[pkg]),
      serverName: host,
      tls,
      roots: remoteRoots(pkg),
      pageRoot: path.join(REPO_ROOT, pkg, 'dist'),
      // The standalone harness: its pages, and the runtime configuration it reads from its own origin.
      pages: true,
      documents: { '/config.json': apps.runtimeConfig(pkg) },
      cors: true,
      contentSecurityPolicy: remoteContentSecurityPolicy({ apiUrl: apps.runtimeConfig(pkg).HOST_API, shellOrigin }),
      reportUrl: cspReportUrl(shellOrigin),
    });
  }
  return [shell, ...remotes];
}
