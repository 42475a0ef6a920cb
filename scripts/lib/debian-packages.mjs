// Components the project takes from Debian (Chromium, nginx and its Brotli module, Prometheus) are
// installed with apt-get when missing, where that is possible (as root, with apt-get); elsewhere the
// caller says exactly what to install. Nothing is ever downloaded outside the system's package manager.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The program `variable` names where it exists, else the first of `candidates` that does; or null. */
export function findProgram(variable, candidates) {
  if (process.env[variable] && existsSync(process.env[variable])) return process.env[variable];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/** Whether this process can install Debian packages itself. */
export function canInstallDebianPackages() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/** The command a person runs to install `packages`. */
export const installCommand = (packages) => `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;

/**
 * Installs `packages` with apt-get, saying why (`purpose`) first. Throws when it cannot be done
 * here, with the command to run instead.
 */
export function installDebianPackages(packages, purpose) {
  if (!canInstallDebianPackages()) {
    throw new Error(`${purpose} Install the system packages and run the command again:\n  ${installCommand(packages)}`);
  }
  console.log(`${purpose} Installing the Debian packages (apt-get install -y ${packages.join(' ')})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
}
