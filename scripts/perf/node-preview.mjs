// The preview as it was before nginx became the portal's edge: the project's own Node static
// server (scripts/lib/static-server.mjs), which worked out each page's headers per request. Kept
// only so that `npm run bench:edge` can measure it beside nginx in one run; not used otherwise.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startStaticServer } from '../lib/static-server.mjs';
import { startMockApi } from '../lib/mock-api-process.mjs';
import {
  landingRelease,
  preloadsLandingScripts,
  remoteContentSecurityPolicy,
  shellPageHeaders,
} from '../edge/policy.mjs';
import { landingScriptsOf } from '../edge/landing-scripts.mjs';

/** As the old server read it: fetched from the remote's origin for every page, for at most 1 s. */
const readListOverHttp = async (url) => (await fetch(url, { signal: AbortSignal.timeout(1000) })).json();

const require = createRequire(import.meta.url);
const { ports, remotes, origin, apiOrigin, API_PATH, runtimeConfig, localReleaseManifest } = require('../lib/apps.cjs');
const remoteMounts = require('../../shared/src/router/remote-mounts.json');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const host = process.env.APP_HOST || 'localhost';

const { values: options } = parseArgs({
  options: {
    'deploy-root': { type: 'string', default: process.env.DEPLOY_ROOT },
    env: { type: 'string', default: process.env.RELEASE_ENV || 'production' },
    'no-api': { type: 'boolean', default: false },
  },
});
const deployRoot = options['deploy-root'] ? path.resolve(options['deploy-root']) : null;

// With a deploy root only the shell must be built: remotes come from their published versions.
for (const app of deployRoot ? ['shell'] : ['shell', ...remotes.map((remote) => remote.pkg)]) {
  if (!existsSync(path.join(repoRoot, app, 'dist', 'index.html'))) {
    console.error(`${app} has no production build: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/**
 * The environment's release manifest, read anew on every request (a release takes effect on the
 * next page load). A remote it does not mention yet is sent to its local build, so a deploy root
 * holding only some remotes still gives a working portal.
 */
async function deployedReleaseManifest() {
  const file = path.join(deployRoot, 'manifests', `${options.env}.json`);
  const local = localReleaseManifest();
  let released;
  try {
    released = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    return { ...local, environment: options.env };
  }
  return { ...released, remotes: { ...local.remotes, ...released.remotes } };
}

const releaseManifestInForce = deployRoot ? deployedReleaseManifest : async () => localReleaseManifest();

/**
 * The shell page's policy allows scripts from the remotes of the release manifest this very load
 * will read; a manifest that cannot be read allows none. The page preconnects to the same origins,
 * and preloads the entry of the remote that renders it, on a guest page with the scripts that entry
 * asks for at once.
 */
async function shellHeaders(req) {
  const manifest = await releaseManifestInForce().catch(() => null);
  const page = {
    manifest,
    shellOrigin: origin('shell'),
    pathname: new URL(req.url ?? '/', 'http://local').pathname,
    remoteMounts,
  };
  const release = landingRelease(page);
  const landingScripts =
    release && preloadsLandingScripts(page.pathname)
      ? await landingScriptsOf(release.entry, { readList: readListOverHttp })
      : [];
  return shellPageHeaders({ ...page, apiUrl: runtimeConfig('shell').HOST_API, landingScripts });
}

const children = [];
if (!options['no-api']) children.push(await startMockApi());

await startStaticServer({
  root: path.join(repoRoot, 'shell', 'dist'),
  port: ports.shell,
  host,
  spa: true,
  json: {
    '/config.json': () => runtimeConfig('shell'),
    '/release-manifest.json': releaseManifestInForce,
  },
  proxy: { [API_PATH]: apiOrigin() },
  pageHeaders: shellHeaders,
});
for (const { pkg } of remotes) {
  // On a deploy root a remote's origin serves its versions (`/<version>/remoteEntry.js`), and its
  // local build at the root for the remotes not released there.
  const roots = deployRoot
    ? [path.join(deployRoot, pkg), path.join(repoRoot, pkg, 'dist')]
    : path.join(repoRoot, pkg, 'dist');
  await startStaticServer({
    root: roots,
    port: ports[pkg],
    host,
    spa: true,
    cors: true,
    // The standalone harness reads the runtime configuration from its own origin, as the shell does.
    json: { '/config.json': () => runtimeConfig(pkg) },
    pageHeaders: () => ({
      'Content-Security-Policy': remoteContentSecurityPolicy({
        apiUrl: runtimeConfig(pkg).HOST_API,
        shellOrigin: origin('shell'),
      }),
    }),
  });
}

console.log(`\nPreview of the production builds${deployRoot ? ` — deploy root ${deployRoot}, environment ${options.env}` : ''}
  shell       ${origin('shell')}
${remotes.map(({ pkg }) => `  ${pkg.padEnd(11)} ${origin(pkg)}`).join('\n')}
  mock API    ${apiOrigin()} (the shell's pages call it through ${origin('shell')}${API_PATH})\n`);

const stop = () => {
  children.forEach((child) => child.kill());
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
