// Prometheus, as the project runs it: Debian's `prometheus` package (installed with apt-get when
// missing, as Chromium and nginx are: scripts/lib/debian-packages.mjs), the configuration shipped in telemetry/prometheus/prometheus.yml, its
// receivers and its recording and alert rules beside it, and its data in a temporary folder removed
// when it stops, or in a folder of the caller's that it keeps (a deploy root's: decision 059).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const SHIPPED_DIR = path.join(repoRoot, 'telemetry', 'prometheus');
export const SHIPPED_CONFIG = path.join(SHIPPED_DIR, 'prometheus.yml');
const CANDIDATES = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'];
// Debian's package ships promtool beside prometheus.
const PROMTOOL_CANDIDATES = ['/usr/bin/promtool', '/usr/local/bin/promtool'];

export const findPrometheus = () => findProgram('PROMETHEUS_BIN', CANDIDATES);
export const findPromtool = () => findProgram('PROMTOOL_BIN', PROMTOOL_CANDIDATES);

/** Where the preview of a deploy root keeps its Prometheus' data, across restarts. */
export const prometheusDataDir = (deployRoot) => path.join(deployRoot, 'prometheus', 'data');

/**
 * A program of Debian's `prometheus` package: found, or the package installed with apt-get when
 * missing (as Chromium and nginx are). Throws with the command to run where that cannot be done.
 */
function ensureFromPrometheusPackage(find, name, purpose) {
  const found = find();
  if (found) return found;
  installDebianPackages(['prometheus'], purpose);
  const installed = find();
  if (!installed) throw new Error(`apt-get finished but no ${name} binary was found (package prometheus).`);
  return installed;
}

/** Prometheus' binary, installed when missing. */
export function ensurePrometheus() {
  // On a machine that runs systemd the package also starts a service of its own on :9090: the
  // project's Prometheus is another process, on PROMETHEUS_PORT (scripts/lib/apps.cjs, not 9090),
  // with the project's configuration.
  return ensureFromPrometheusPackage(
    findPrometheus,
    'prometheus',
    "Prometheus is not installed: it stores the receivers' metrics for release analysis (or set PROMETHEUS_BIN).",
  );
}

/** promtool (`check config`, `test rules`), shipped beside Prometheus: installed with it when missing. */
export function ensurePromtool() {
  return ensureFromPrometheusPackage(
    findPromtool,
    'promtool',
    "promtool is not installed: it checks Prometheus' configuration and unit-tests its rules (or set PROMTOOL_BIN).",
  );
}

/**
 * The shipped configuration with the scrape interval (and timeout) of this run, the receivers
 * (`host:port`) in `receivers.json` and the rule files it names copied beside it, written to `dir`.
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
  // Rule files are named relative to the configuration: they go where it goes.
  for (const rules of config.rule_files ?? []) copyFileSync(path.join(SHIPPED_DIR, rules), path.join(dir, rules));
  const file = path.join(dir, 'prometheus.yml');
  writeFileSync(file, YAML.stringify(config));
  writeFileSync(path.join(dir, 'receivers.json'), JSON.stringify([{ targets, labels: {} }], null, 2));
  return file;
}

/**
 * Starts Prometheus on `host:port` scraping `targets` and resolves once it is ready, with a
 * `stop()` that ends it and `exited`, which resolves once it has. Its data goes to `dataDir`
 * (created when missing, kept at stop) when given, else to the temporary folder of its
 * configuration, removed at stop.
 */
export async function startPrometheus({ port, host = '127.0.0.1', targets, scrapeInterval, dataDir, quiet = true }) {
  const binary = ensurePrometheus();
  const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-prometheus-'));
  const configFile = writeConfiguration(dir, { targets, scrapeInterval });
  const storage = dataDir ? path.resolve(dataDir) : path.join(dir, 'data');
  mkdirSync(storage, { recursive: true });
  const child = spawn(
    binary,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${storage}`,
      `--web.listen-address=${host}:${port}`,
      // A test's queries look back a few seconds: a series a receiver stopped reporting is gone
      // from instant queries after this, not after the default five minutes.
      '--query.lookback-delta=1m',
    ],
    { stdio: quiet ? 'ignore' : 'inherit' },
  );
  const url = `http://${host}:${port}`;
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = () => {
    // On SIGTERM Prometheus closes its database cleanly; kept data is then read back at once.
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
  return { child, url, dir, dataDir: storage, stop, exited };
}

/**
 * The project's Prometheus beside `npm start` and `npm run preview`: on PROMETHEUS_PORT scraping
 * the receiver on TELEMETRY_PORT (scripts/lib/apps.cjs), where Prometheus is installed; null (and
 * the way to get it) where it is not, since the portal runs without it (the release CLI then reads
 * the receiver's /metrics itself). `npm test` installs it when missing. With a deploy root (the
 * preview of one), its data stays under `<deploy root>/prometheus/data` from one run to the next,
 * so that `release health` and a canary's analysis still see the hours before a restart.
 */
export async function startProjectPrometheus({ scrapeInterval = process.env.SCRAPE_INTERVAL, deployRoot } = {}) {
  if (!findPrometheus()) {
    console.warn('Prometheus is not installed, so none is started: `npm run prometheus` installs and starts it.');
    return null;
  }
  const host = process.env.APP_HOST || 'localhost';
  return startPrometheus({
    host,
    port: ports.prometheus,
    targets: [`${host}:${ports.telemetry}`],
    scrapeInterval,
    dataDir: deployRoot ? prometheusDataDir(deployRoot) : undefined,
  });
}
