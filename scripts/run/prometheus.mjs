// `npm run prometheus`: Prometheus on PROMETHEUS_PORT scraping the receiver on TELEMETRY_PORT
// (`npm start` or `npm run preview` runs it), with the shipped configuration and a temporary data
// folder. Then `npm run release -- health mf-points --prometheus <its address>`.
import { createRequire } from 'node:module';
import { startPrometheus } from '../lib/prometheus.mjs';

const require = createRequire(import.meta.url);
const { ports } = require('../lib/apps.cjs');
const host = process.env.APP_HOST || 'localhost';

const prometheus = await startPrometheus({
  host,
  port: ports.prometheus,
  targets: [`${host}:${ports.telemetry}`],
  scrapeInterval: process.env.SCRAPE_INTERVAL,
});
console.log(`Prometheus on ${prometheus.url}, scraping the receiver on ${host}:${ports.telemetry}. Ctrl+C stops it.`);
const stop = () => {
  prometheus.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
