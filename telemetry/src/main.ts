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
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RATE_LIMIT, buildReceiver } from './receiver';
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
const rate = Number(process.env.TELEMETRY_RATE_LIMIT || DEFAULT_RATE_LIMIT.max);
if (!Number.isInteger(rate) || rate < 1) {
  console.error(`TELEMETRY_RATE_LIMIT must be a whole number above 0, not "${process.env.TELEMETRY_RATE_LIMIT}".`);
  process.exit(2);
}
async function main() {
  const releases = new ReleaseCatalog({
    // The shell's origin as the edge serves it, or as its development server does (`npm start`).
    sources:
      list(process.env.TELEMETRY_RELEASE_MANIFESTS) ??
      (['edge', 'development'] as const).map(
        (servedBy) => `${apps.origin('shell', servedBy)}${apps.runtimeConfig('shell').RELEASE_MANIFEST_URL}`,
      ),
    shellVersions: list(process.env.TELEMETRY_SHELL_VERSIONS) ?? [process.env.RELEASE_VERSION || shellVersion()],
  });
  const stopWatching = releases.watch(MANIFEST_REFRESH_MS);
  const { app } = await buildReceiver({
    releases,
    passes: new PassSigner(process.env.TELEMETRY_PASS_SECRET || undefined),
    rateLimit: { max: rate, windowMs: 60_000 },
    trustProxy: list(process.env.TELEMETRY_TRUST_PROXY),
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
