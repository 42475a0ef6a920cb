// Serves the production builds as they are deployed: the shell and each remote on its own origin,
// plus the mock API. `npm run build` first.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './lib/static-server.mjs';
import { startMockApi } from './lib/mock-api-process.mjs';

const require = createRequire(import.meta.url);
const { ports, remotes, origin, apiOrigin, runtimeConfig, localReleaseManifest } = require('./lib/apps.cjs');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const host = process.env.APP_HOST || 'localhost';

for (const app of ['shell', ...remotes.map((remote) => remote.pkg)]) {
  if (!existsSync(path.join(repoRoot, app, 'dist', 'index.html'))) {
    console.error(`${app} has no production build: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const children = [];
if (!process.argv.includes('--no-api')) children.push(await startMockApi());

await startStaticServer({
  root: path.join(repoRoot, 'shell', 'dist'),
  port: ports.shell,
  host,
  spa: true,
  json: { '/config.json': runtimeConfig, '/release-manifest.json': () => localReleaseManifest() },
});
for (const { pkg } of remotes) {
  await startStaticServer({ root: path.join(repoRoot, pkg, 'dist'), port: ports[pkg], host, spa: true, cors: true });
}

console.log(`\nPreview of the production builds
  shell       ${origin('shell')}
${remotes.map(({ pkg }) => `  ${pkg.padEnd(11)} ${origin(pkg)}`).join('\n')}
  mock API    ${apiOrigin()}\n`);

const stop = () => {
  children.forEach((child) => child.kill());
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
