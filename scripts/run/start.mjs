// `npm start`: the mock API, the telemetry receiver (and Prometheus scraping it, where installed)
// and the dev servers of the shell and the three remotes, in one terminal. The dev servers share
// this process (one webpack per app, one Node heap), which is lighter on a two-core machine than
// four separate processes.
import { createRequire } from 'node:module';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { startLocalServers } from '../lib/local-servers.mjs';

const require = createRequire(import.meta.url);
const { remotes, origin, apiOrigin, telemetryOrigin } = require('../lib/apps.cjs');
const APPS = ['shell', ...remotes.map((remote) => remote.pkg)];

// Development: the mock API with its helpers (the outbox of one-time codes, the business clock).
const local = await startLocalServers({ api: { devRoutes: true, servedBy: 'development' } }).catch((error) => {
  console.error(`The portal could not start: ${error.message}`);
  process.exit(1);
});
const { prometheus } = local;
const servers = [];

for (const app of APPS) {
  const config = require(`../../${app}/webpack.config.cjs`)({}, { mode: 'development' });
  const compiler = webpack({ ...config, infrastructureLogging: { level: 'warn' } });
  const server = new WebpackDevServer(config.devServer, compiler);
  servers.push(server);
}
await Promise.all(servers.map((server) => server.start()));

// Wait for the first compilation of every app before saying where to go.
await Promise.all(
  servers.map(
    (server) =>
      new Promise((resolve) => {
        server.middleware.waitUntilValid(() => resolve());
      }),
  ),
);

console.log(`
  Loyalty portal is running

  Open            ${origin('shell', 'development')}
  Demo member     member@example.com / Demo@1234

  Remotes on their own (standalone harness):
${remotes.map(({ pkg }) => `    ${pkg.padEnd(12)}${origin(pkg, 'development')}`).join('\n')}
  Mock API        ${apiOrigin()}   (outbox: ${apiOrigin()}/api/dev/outbox?email=…)
  Telemetry       ${telemetryOrigin()}/metrics${prometheus ? `\n  Prometheus      ${prometheus.url}` : ''}
  Press Ctrl+C to stop.
`);

const stop = async () => {
  local.stop();
  await Promise.allSettled(servers.map((server) => server.stop()));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
