// Where members' reports go: the path the portal's origin passes on to the telemetry receiver, as
// it does `/api/` to the API (no CORS, no extra connection), and the receiver's routes under it.
// The receiver serves them, the edge forwards them and sizes their bodies (scripts/lib/apps.cjs),
// and the shell learns them from its runtime configuration. CommonJS without file system access,
// so that the build's scripts read it as the bundles do.

/** The prefix the shell's origin passes on to the receiver. */
const TELEMETRY_PATH = '/telemetry/';

/** The receiver's routes: members' report batches, CSP violation reports, reporter passes. */
const TELEMETRY_ROUTES = Object.freeze({
  reports: `${TELEMETRY_PATH}v1/reports`,
  csp: `${TELEMETRY_PATH}v1/csp`,
  pass: `${TELEMETRY_PATH}v1/pass`,
});

module.exports = { TELEMETRY_PATH, TELEMETRY_ROUTES };
