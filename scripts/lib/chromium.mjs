// The e2e suite runs in the system Chromium. When it is missing, install Debian's package where we
// can; never download a browser build of our own.
import { findProgram, installDebianPackages } from './debian-packages.mjs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const findChromium = () => findProgram('CHROMIUM_PATH', CANDIDATES);

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  try {
    installDebianPackages(['chromium'], 'Chromium is not installed.');
  } catch (error) {
    throw new Error(`${error.message}\nor point CHROMIUM_PATH at an existing Chromium or Chrome binary.`);
  }
  const installed = findChromium();
  if (!installed) throw new Error('apt-get finished but no chromium binary was found in /usr/bin.');
  return installed;
}

/** Flags for the headless system Chromium (shared with the e2e suite's configuration). */
export { default as CHROMIUM_ARGS } from './chromium-args.cjs';
