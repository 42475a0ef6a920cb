// Prometheus, as the project runs it: Debian's `prometheus` package (installed with apt-get when
// missing, as Chromium and nginx are: scripts/lib/debian-packages.mjs), the configuration shipped in telemetry/prometheus/prometheus.yml, its
// receivers listed beside it, and its data in a temporary folder removed when it stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { findProgram, installDebianPackages } from './debian-packages.mjs';
import { answersOk, waitUntil } from './wait-until.mjs';

const require = createRequire(import.meta.url);
const { ports } = require('./apps.cjs');

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHIPPED_CONFIG = path.join(repoRoot, 'telemetry', 'prometheus', 'prometheus.yml');
const CANDIDATES = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'];

export const findPrometheus = () => findProgram('PROMETHEUS_BIN', CANDIDATES);

/**
 * Prometheus' binary: found, or installed from Debian's `prometheus` package with apt-get when
 * missing (as Chromium and nginx are). Throws with the command to run where that cannot be done.
 */
export function ensurePrometheus() {
  const found = findPrometheus();
  if (found) return found;
  // On a machine that runs systemd the package also starts a service of its own on :9090: the
  // project's Prometheus is another process, on PROMETHEUS_PORT (scripts/lib/apps.cjs, not 9090),
  // with the project's configuration.
  installDebianPackages(
    ['prometheus'],
    "Prometheus is not installed: it stores the receivers' metrics for release analysis (or set PROMETHEUS_BIN).",
  );
  const installed = findPrometheus();
  if (!installed) throw new Error('apt-get finished but no prometheus binary was found.');
  return installed;
}

/**
 * The shipped configuration with the scrape interval (and timeout) of this run, and the receivers
 * (`host:port`) in `receivers.json` beside it, written to `dir`.
 */
export function writeConfiguration(dir, { targets, scrapeInterval }) {
  const config = YAML.parse(readFileSync(SHIPPED_CONFIG, 'utf8'));
  if (scrapeInterval) {
    config.global.scrape_interval = scrapeInterval;
    config.global.evaluation_interval = scrapeInterval;
    for (const job of config.scrape_configs) job.scrape_timeout = scrapeInterval;
  }
  for (const job of config.scrape_configs) {
    for (const discovery of job.file_sd_configs ?? []) discovery.refresh_interval = scrapeInterval ?? '30s';
  }
  const file = path.join(dir, 'prometheus.yml');
  writeFileSync(file, YAML.stringify(config));
  writeFileSync(path.join(dir, 'receivers.json'), JSON.stringify([{ targets, labels: {} }], null, 2));
  return file;
}

/**
 * Starts Prometheus on `host:port` scraping `targets` and resolves once it is ready, with a
 * `stop()` that ends it and removes its data.
 */
export async function startPrometheus({ port, host = '127.0.0.1', targets, scrapeInterval, quiet = true }) {
  const binary = ensurePrometheus();
  const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-prometheus-'));
  const configFile = writeConfiguration(dir, { targets, scrapeInterval });
  const child = spawn(
    binary,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=${host}:${port}`,
      // A test's queries look back a few seconds: a series a receiver stopped reporting is gone
      // from instant queries after this, not after the default five minutes.
      '--query.lookback-delta=1m',
    ],
    { stdio: quiet ? 'ignore' : 'inherit' },
  );
  const url = `http://${host}:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil(answersOk(`${url}/-/ready`), {
      what: 'Prometheus',
      timeoutMs: 60_000,
      child,
      notYet: 'did not become ready',
    });
  } catch (error) {
    stop();
    throw new Error(`${error.message} (is ${host}:${port} free?)`);
  }
  return { child, url, dir, stop };
}

/**
 * The project's Prometheus beside `npm start` and `npm run preview`: on PROMETHEUS_PORT scraping
 * the receiver on TELEMETRY_PORT (scripts/lib/apps.cjs), where Prometheus is installed; null (and
 * the way to get it) where it is not, since the portal runs without it (the release CLI then reads
 * the receiver's /metrics itself). `npm test` installs it when missing.
 */
export async function startProjectPrometheus({ scrapeInterval = process.env.SCRAPE_INTERVAL } = {}) {
  if (!findPrometheus()) {
    console.warn('Prometheus is not installed, so none is started: `npm run prometheus` installs and starts it.');
    return null;
  }
  const host = process.env.APP_HOST || 'localhost';
  return startPrometheus({ host, port: ports.prometheus, targets: [`${host}:${ports.telemetry}`], scrapeInterval });
}
