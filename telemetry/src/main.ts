/**
 * `npm start --workspace @loyalty/telemetry`: the receiver on TELEMETRY_PORT (scripts/lib/apps.cjs).
 *
 *   TELEMETRY_RELEASE_MANIFESTS  the release manifests whose releases are counted, comma-separated
 *                                URLs or files (default: the shell's /release-manifest.json)
 *   TELEMETRY_SHELL_VERSIONS     the shell's versions counted (default: shell/package.json's)
 *   TELEMETRY_PASS_SECRET        the key reporter passes are signed with, shared by a portal's
 *                                receivers (default: one of this receiver's own, made at start)
 *   TELEMETRY_RATE_LIMIT     report batches per reporter pass per minute (default 60)
 *   TELEMETRY_TRUST_PROXY    addresses of the edge whose X-Forwarded-For is believed (default loopback)
 */
import apps from '../../scripts/lib/apps.cjs';
import localTls from '../../scripts/lib/local-tls.cjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RATE_LIMIT, DEFAULT_REPORTER_MINTS_PER_ADDRESS, buildReceiver } from './receiver';
import { ReleaseCatalog } from './release-catalog';
import { PassSigner } from './reporter-pass';

/** How often the manifests are read again, besides when a report names a release not seen yet. */
const MANIFEST_REFRESH_MS = 5_000;

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The shell's version as its build stamps it (webpack/create-app-config.cjs). */
const shellVersion = () =>
  (JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'shell', 'package.json'), 'utf8')) as { version: string })
    .version;

const host = process.env.APP_HOST || 'localhost';
/** A whole number above 0 from the environment variable `name`, else `otherwise`; exits on anything else. */
function countSetting(name: string, otherwise: number): number {
  const value = Number(process.env[name] || otherwise);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number above 0, not "${process.env[name]}".`);
    process.exit(2);
  }
  return value;
}
const rate = countSetting('TELEMETRY_RATE_LIMIT', DEFAULT_RATE_LIMIT.max);
const reporterMintsPerAddress = countSetting('TELEMETRY_REPORTER_COOKIES', DEFAULT_REPORTER_MINTS_PER_ADDRESS);
async function main() {
  const releases = new ReleaseCatalog({
    // The shell's origin as the edge serves it, or as its development server does (`npm start`).
    sources:
      list(process.env.TELEMETRY_RELEASE_MANIFESTS) ??
      (['edge', 'development'] as const).map(
        (servedBy) => `${apps.origin('shell', servedBy)}${apps.runtimeConfig('shell').RELEASE_MANIFEST_URL}`,
      ),
    shellVersions: list(process.env.TELEMETRY_SHELL_VERSIONS) ?? [process.env.RELEASE_VERSION || shellVersion()],
    // The preview's edge answers over TLS with the project's local authority, trusted for it alone.
    fetch: localTls.fetchTrustingLocalEdge,
  });
  const stopWatching = releases.watch(MANIFEST_REFRESH_MS);
  const { app } = await buildReceiver({
    releases,
    passes: new PassSigner(process.env.TELEMETRY_PASS_SECRET || undefined),
    rateLimit: { max: rate, windowMs: 60_000 },
    trustProxy: list(process.env.TELEMETRY_TRUST_PROXY),
    reporterMintsPerAddress,
    reporterMintsAddresses: list(process.env.TELEMETRY_REPORTER_COOKIES_ADDRESSES),
  });
  await app.listen({ port: apps.ports.telemetry, host });
  console.log(`Telemetry receiver on http://${host}:${apps.ports.telemetry} (metrics at /metrics)`);
  const stop = () => {
    stopWatching();
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('The telemetry receiver could not start', error);
  process.exit(1);
});
