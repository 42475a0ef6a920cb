// `npm run prometheus`: Prometheus on PROMETHEUS_PORT scraping the receiver on TELEMETRY_PORT
// (`npm start` or `npm run preview` runs it, and Prometheus too where it is installed), with the
// shipped configuration and a temporary data folder; installed first when missing. Then
// `npm run release -- health mf-points --prometheus <its address>`.
import { ensurePrometheus, startProjectPrometheus } from '../lib/prometheus.mjs';

ensurePrometheus();
const prometheus = await startProjectPrometheus();
console.log(`Prometheus on ${prometheus.url}, scraping the receiver. Ctrl+C stops it.`);
const stop = () => {
  prometheus.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
