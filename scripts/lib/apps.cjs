// Where every app runs. One table for the dev servers, the preview servers, the e2e suite and the
// runtime configuration; each port can be moved with an environment variable. The remotes come
// from the registry (remotes.json, read by ./remotes.cjs).
const registry = require('./remotes.cjs');

const env = process.env;

/** Each server's port: the environment variable that moves it, and where it is otherwise. */
const PORT_SETTINGS = {
  api: ['API_PORT', 3000],
  shell: ['SHELL_PORT', 8080],
  ...Object.fromEntries(
    registry.remotes.map((remote) => [remote.package, [remote.port.variable, remote.port.default]]),
  ),
  // The telemetry receiver (telemetry/) and the Prometheus that scrapes it (`npm run prometheus`).
  // Defaults clear of the others and of 9090, where Debian's `prometheus` package starts a service
  // of its own once installed.
  telemetry: ['TELEMETRY_PORT', 8090],
  prometheus: ['PROMETHEUS_PORT', 8089],
};

const ports = Object.fromEntries(
  Object.entries(PORT_SETTINGS).map(([server, [variable, otherwise]]) => [server, Number(env[variable] || otherwise)]),
);

/**
 * The environment that puts every server `offset` ports above this table's: a second stack that
 * runs beside the first (`npm run perf -- --baseline`).
 */
function portsEnvironment(offset) {
  return Object.fromEntries(
    Object.entries(PORT_SETTINGS).map(([server, [variable]]) => [variable, String(ports[server] + offset)]),
  );
}

/**
 * The ports of a portal of its own beside this table's (the release journeys' stacks,
 * e2e/tests/release/stack-ports.ts), by the variable that moves each: from `offset` ports above
 * the shell's, the shell, each remote of the registry, then the API, one after the other, passing
 * over every port of this table and those `taken` already. So a remote added to the registry gets
 * a port of its own there too, never a server's of this table.
 */
function stackPorts(offset, taken = []) {
  const busy = new Set([...Object.values(ports), ...taken]);
  const variables = ['SHELL_PORT', ...registry.remotes.map((remote) => remote.port.variable), 'API_PORT'];
  let port = ports.shell + offset;
  return Object.fromEntries(
    variables.map((variable) => {
      while (busy.has(port)) port += 1;
      busy.add(port);
      return [variable, port];
    }),
  );
}

/** The remotes of the registry: package folder and federation name (a JavaScript identifier). */
const remotes = registry.remotes.map((remote) => ({ pkg: remote.package, name: remote.federationName }));
/** Every app: the shell, then the remotes. */
const appPackages = ['shell', ...remotes.map((remote) => remote.pkg)];

const host = env.APP_HOST || 'localhost';
/**
 * The origin of a plain-HTTP server on `port` of the apps' host: the development servers, and the
 * servers behind the edge (the API, the telemetry receiver, Prometheus).
 */
const originAt = (port) => `http://${host}:${port}`;
/**
 * The origin of an app the edge serves on `port`: over TLS with HTTP/2, as members get the portal
 * from a CDN (scripts/lib/local-tls.cjs, decision 024).
 */
const edgeOriginAt = (port) => `https://${host}:${port}`;
/**
 * Who serves the apps: `'edge'` (nginx: `npm run preview`, the e2e suite, `npm run perf`, and the
 * default) or `'development'` (`npm start`'s dev servers, on the same ports).
 * @typedef {'edge' | 'development'} ServedBy
 */
/** The origin of `pkg` (an app) as `servedBy` serves it. */
const origin = (pkg, servedBy = 'edge') => (servedBy === 'development' ? originAt : edgeOriginAt)(ports[pkg]);
const apiOrigin = () => originAt(ports.api);
/**
 * Where the edge (nginx) and the development server's proxy reach the API: the address it listens
 * on (`API_HOST`, loopback), never a name that may resolve to ::1 first. The API believes
 * `X-Forwarded-For` from this address alone (mock-api README "Security").
 */
const apiUpstream = () => `http://${env.API_HOST || '127.0.0.1'}:${ports.api}`;
const telemetryOrigin = () => originAt(ports.telemetry);
const prometheusOrigin = () => originAt(ports.prometheus);

/**
 * The path the shell's origin passes on to the API (the edge, nginx, in the preview and in
 * production; webpack-dev-server's proxy in development): the portal's pages call the API on their
 * own origin.
 */
const API_PATH = '/api/';

/**
 * The path the shell's origin passes on to the telemetry receiver, and the receiver's routes under
 * it (`@loyalty/shared/telemetry`): members' reports go to the portal's own origin.
 */
const { TELEMETRY_PATH, TELEMETRY_ROUTES } = require('../../shared/src/telemetry/routes.cjs');
/** The paths the shell's origin passes on, and the server each goes to. */
const forwardedPaths = () => ({ [API_PATH]: apiUpstream(), [TELEMETRY_PATH]: telemetryOrigin() });

/** Where the shell's pages send their reports, and where the pages' CSP violation reports go. */
const TELEMETRY_REPORTS_URL = TELEMETRY_ROUTES.reports;
const CSP_REPORTS_URL = TELEMETRY_ROUTES.csp;
/** Where a page's reporter asks for its reporter pass (telemetry/src/reporter-pass.ts). */
const TELEMETRY_PASS_URL = TELEMETRY_ROUTES.pass;
/**
 * The largest body the receiver takes, and the edge lets through to it: a batch of members'
 * reports (a pass request too), and one delivery of CSP reports, which the Reporting API makes of
 * what a browser queued at once, the page's whole policy in each.
 */
const TELEMETRY_BODY_BYTES = Object.freeze({ reports: 16 * 1024, cspReports: 64 * 1024 });

/**
 * `/config.json` as `app` reads it at start-up. The shell's pages call the API through their own
 * origin (API_PATH), so a call needs no CORS preflight and no connection of its own (decision 012).
 * A remote's standalone harness calls the API's origin, which answers it with CORS.
 */
function runtimeConfig(app = 'shell', servedBy = 'edge') {
  return {
    HOST_API: app === 'shell' ? origin('shell', servedBy) : apiOrigin(),
    RELEASE_MANIFEST_URL: '/release-manifest.json',
    DEFAULT_COUNTRY: env.DEFAULT_COUNTRY || 'IN',
    // Only the shell's pages report: a remote's standalone harness is a developer's page.
    ...(app === 'shell' ? { TELEMETRY_URL: TELEMETRY_REPORTS_URL, TELEMETRY_PASS_URL } : {}),
  };
}

/** A release manifest that sends everyone to the remotes served from their own ports. */
function localReleaseManifest(version = 'local', servedBy = 'edge') {
  return {
    schemaVersion: 1,
    environment: 'local',
    revision: 1,
    remotes: Object.fromEntries(
      remotes.map(({ pkg, name }) => [name, { stable: { version, entry: `${origin(pkg, servedBy)}/remoteEntry.js` } }]),
    ),
  };
}

/** Every origin an app's page may have: either server, by the host's name or by the loopback address. */
const appOrigins = () =>
  appPackages.flatMap((pkg) => [
    origin(pkg, 'development'),
    origin(pkg, 'edge'),
    `http://127.0.0.1:${ports[pkg]}`,
    `https://127.0.0.1:${ports[pkg]}`,
  ]);

module.exports = {
  ports,
  portsEnvironment,
  stackPorts,
  originAt,
  edgeOriginAt,
  remotes,
  appPackages,
  PORT_SETTINGS,
  origin,
  apiOrigin,
  apiUpstream,
  telemetryOrigin,
  prometheusOrigin,
  API_PATH,
  TELEMETRY_PATH,
  TELEMETRY_REPORTS_URL,
  CSP_REPORTS_URL,
  TELEMETRY_PASS_URL,
  TELEMETRY_BODY_BYTES,
  forwardedPaths,
  runtimeConfig,
  localReleaseManifest,
  appOrigins,
};
