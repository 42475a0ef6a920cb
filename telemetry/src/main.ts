/**
 * `npm start --workspace @loyalty/telemetry`: the receiver on TELEMETRY_PORT (scripts/lib/apps.cjs).
 *
 *   TELEMETRY_ENVIRONMENTS   environments accepted, comma-separated (default in report-schema.ts)
 *   TELEMETRY_RATE_LIMIT     requests per client per minute (default 60)
 *   TELEMETRY_TRUST_PROXY    addresses of the edge whose X-Forwarded-For is believed (default loopback)
 */
import apps from '../../scripts/lib/apps.cjs';
import { DEFAULT_RATE_LIMIT, buildReceiver } from './receiver';

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const host = process.env.APP_HOST || 'localhost';
const rate = Number(process.env.TELEMETRY_RATE_LIMIT || DEFAULT_RATE_LIMIT.max);
if (!Number.isInteger(rate) || rate < 1) {
  console.error(`TELEMETRY_RATE_LIMIT must be a whole number above 0, not "${process.env.TELEMETRY_RATE_LIMIT}".`);
  process.exit(2);
}
async function main() {
  const { app } = await buildReceiver({
    environments: list(process.env.TELEMETRY_ENVIRONMENTS),
    rateLimit: { max: rate, windowMs: 60_000 },
    trustProxy: list(process.env.TELEMETRY_TRUST_PROXY),
  });
  await app.listen({ port: apps.ports.telemetry, host });
  console.log(`Telemetry receiver on http://${host}:${apps.ports.telemetry} (metrics at /metrics)`);
  const stop = () => {
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('The telemetry receiver could not start', error);
  process.exit(1);
});
