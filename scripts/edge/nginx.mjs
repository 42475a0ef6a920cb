// nginx, the portal's edge: found or installed (Debian's `nginx` and its Brotli module, as Chromium
// is), then run in the foreground with a generated configuration whose pid file, logs and
// temporary files live in a folder of its own, so an ordinary user can run it and nothing is
// written to /var. A new configuration is tested first, then taken by a reload (SIGHUP): nginx
// finishes the requests it is answering with the old one.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { canInstallDebianPackages, installCommand, installDebianPackages } from '../lib/debian-packages.mjs';
import { waitUntil } from '../lib/wait-until.mjs';

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'];
const PACKAGES = { nginx: 'nginx', brotli: 'libnginx-mod-http-brotli-static' };
const BROTLI_MODULE = 'ngx_http_brotli_static_module.so';

export function findNginx() {
  if (process.env.NGINX_PATH && existsSync(process.env.NGINX_PATH)) return process.env.NGINX_PATH;
  const found = NGINX_CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return onPath.status === 0 && onPath.stdout.trim() ? onPath.stdout.trim() : null;
}

/** Where this nginx loads dynamic modules from (`--modules-path` of its build). */
function modulesDir(nginx) {
  const built = spawnSync(nginx, ['-V'], { encoding: 'utf8' });
  const match = /--modules-path=(\S+)/.exec(`${built.stdout}${built.stderr}`);
  return match ? match[1] : '/usr/lib/nginx/modules';
}

/** The Brotli module's file, where it is installed beside this nginx; null otherwise. */
export function findBrotliModule(nginx) {
  const file = path.join(modulesDir(nginx), BROTLI_MODULE);
  return existsSync(file) ? file : null;
}

/**
 * nginx and, where it can be had, its Brotli module: installed with apt-get when missing. Without
 * nginx nothing can be served, which throws with the command to run; without the module the edge
 * sends the gzip files instead of the Brotli ones, and says so.
 */
export function ensureNginx() {
  let nginx = findNginx();
  if (!nginx) {
    installDebianPackages(
      [PACKAGES.nginx, PACKAGES.brotli],
      'nginx is not installed: it serves the portal (its edge).',
    );
    nginx = findNginx();
    if (!nginx) throw new Error('apt-get finished but no nginx binary was found.');
  }
  let brotliModule = findBrotliModule(nginx);
  if (!brotliModule && canInstallDebianPackages()) {
    installDebianPackages([PACKAGES.brotli], "nginx's Brotli module is not installed.");
    brotliModule = findBrotliModule(nginx);
  }
  if (!brotliModule) {
    console.warn(
      `⚠ nginx's Brotli module (${PACKAGES.brotli}) is not installed: the edge sends the gzip files the build made, ` +
        `not the Brotli ones (about 15 % more bytes of JavaScript). To install it:\n  ${installCommand([PACKAGES.brotli])}`,
    );
  }
  return { nginx, brotliModule };
}

const reachableByOthers = (folder) => {
  if ((statSync(folder).mode & 0o005) !== 0o005) return false;
  for (let above = path.dirname(folder); above !== path.dirname(above); above = path.dirname(above)) {
    if ((statSync(above).mode & 0o001) === 0) return false;
  }
  return true;
};

const lookup = (database, key) => {
  const found = spawnSync('getent', [database, String(key)], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.split(':')[0] : null;
};

/**
 * The `user` directive for an edge serving `folders`, or null when nginx is not started as root
 * (it ignores the setting then, and its workers run as whoever started it).
 *
 * Started as root, nginx's workers would run as nobody, which is right when the folders are open to
 * others. A checkout in a private folder (`mktemp -d` makes mode 0700) is not: every page would
 * answer 403. Then the workers run as the folders' owner instead: the only user that can read
 * them, and root only when root made the private checkout. Production's edge names its user in its
 * own settings (production.mjs), never through this.
 */
export function workerUserFor(folders) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const served = folders.filter((folder) => existsSync(folder));
  const closed = served.find((folder) => !reachableByOthers(folder));
  if (!closed) return `nobody ${lookup('group', 'nogroup') ?? 'nobody'}`;
  const { uid, gid } = statSync(closed);
  const owner = lookup('passwd', uid);
  const group = lookup('group', gid);
  if (!owner || !group) {
    throw new Error(
      `nginx's workers cannot read ${closed}: it is closed to others and its owner (uid ${uid}) has no name. ` +
        'Open it to others (chmod o+rx on it and the folders above it), or run this as an ordinary user.',
    );
  }
  console.warn(`ℹ ${closed} is closed to others: nginx's workers run as its owner, ${owner}, rather than nobody.`);
  return `${owner} ${group}`;
}

/** The folders of a running edge inside `runtimeDir`. */
export function runtimePaths(runtimeDir) {
  return {
    config: path.join(runtimeDir, 'nginx.conf'),
    errorLog: path.join(runtimeDir, 'logs', 'error.log'),
    accessLog: path.join(runtimeDir, 'logs', 'access.log'),
  };
}

/**
 * Removes the runtime folders (`<parent>/<prefix>*`) of edges that were killed rather than stopped:
 * their pid file names a process that is gone. A folder without one may be an edge starting.
 */
export function removeStaleRuntimeDirs(parent, prefix) {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const folder = path.join(parent, name);
    let pid;
    try {
      pid = Number(readFileSync(path.join(folder, 'nginx.pid'), 'utf8'));
    } catch {
      continue;
    }
    try {
      process.kill(pid, 0);
    } catch (error) {
      if (error.code === 'ESRCH') rmSync(folder, { recursive: true, force: true });
    }
  }
}

/** Makes the folders nginx writes to, inside `runtimeDir`. */
export function prepareRuntimeDir(runtimeDir) {
  for (const folder of ['logs', 'temp']) mkdirSync(path.join(runtimeDir, folder), { recursive: true });
  // Workers started by root may run as nobody: they must reach their temporary folders.
  chmodSync(runtimeDir, 0o711);
}

function testConfig(nginx, runtimeDir, file) {
  const { errorLog } = runtimePaths(runtimeDir);
  const tested = spawnSync(nginx, ['-t', '-q', '-p', runtimeDir, '-e', errorLog, '-c', file], { encoding: 'utf8' });
  if (tested.status !== 0) throw new Error(`nginx refused the generated configuration ${file}:\n${tested.stderr}`);
}

/** Writes `config` where nginx reads it, whole or not at all, once nginx has accepted it. */
function installConfig(nginx, runtimeDir, config) {
  const { config: file } = runtimePaths(runtimeDir);
  const candidate = `${file}.next`;
  writeFileSync(candidate, config);
  testConfig(nginx, runtimeDir, candidate);
  renameSync(candidate, file);
  return file;
}

const tail = (file) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-15).join('\n') : '');

/**
 * Starts nginx in the foreground, as a child of this process, with `config` (nginx-config.mjs,
 * written with `runtimeDir`), and resolves once `ready()` holds.
 *
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, reload(config: string, options?: { until?: () => Promise<boolean> }): Promise<void>, stop(): Promise<void> }>}
 */
export async function startNginx({ nginx, runtimeDir, config, ready }) {
  prepareRuntimeDir(runtimeDir);
  const { errorLog } = runtimePaths(runtimeDir);
  const file = installConfig(nginx, runtimeDir, config);
  const child = spawn(nginx, ['-p', runtimeDir, '-e', errorLog, '-c', file], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitUntil(ready, { what: 'nginx', timeoutMs: 20_000, child, intervalMs: 50, notYet: 'did not answer' }).catch(
    (error) => {
      child.kill('SIGTERM');
      throw child.exitCode !== null ? new Error(`nginx exited with code ${child.exitCode}:\n${tail(errorLog)}`) : error;
    },
  );
  return {
    child,
    /** Tests and takes `next`; resolves once `until()` holds (the new configuration answers). */
    async reload(next, { until: taken } = {}) {
      installConfig(nginx, runtimeDir, next);
      child.kill('SIGHUP');
      if (taken) {
        await waitUntil(taken, {
          what: 'nginx',
          timeoutMs: 10_000,
          child,
          intervalMs: 50,
          notYet: 'did not take its new configuration',
        });
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
