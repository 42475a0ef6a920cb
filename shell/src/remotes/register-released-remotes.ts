import { useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  ReleaseManifestSchema,
  chooseRelease,
  getRuntimeConfig,
  type ReleaseChannel,
  type ReleaseManifest,
  type RemoteChannels,
  type RemoteRelease,
} from '@loyalty/shared/config';
import { cohortIdAtStart } from './cohort-id';
import { entryScriptPlugin } from './entry-script-plugin';
import { keepOverrides, readOverrides, type ReleaseOverrides } from './release-override';

/** A remote as this page load actually registered it. */
export interface RegisteredRemote {
  name: string;
  version: string;
  channel: ReleaseChannel;
  entry: string;
  integrity?: string;
}

/** What the settings drawer's "About" shows: the shell's own version and each remote's. */
export interface ReleaseInfo {
  shell: { name: string; version: string };
  remotes: readonly RegisteredRemote[];
  /** The environment the release manifest describes (e.g. `production`); unknown until it is read. */
  environment?: string;
}

let registered: RegisteredRemote[] = [];
// Defined by webpack at build time; absent under jest.
const SHELL_NAME = typeof __APP_NAME__ === 'string' ? __APP_NAME__ : 'shell';
const SHELL_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
let info: ReleaseInfo = { shell: { name: SHELL_NAME, version: SHELL_VERSION }, remotes: registered };
const listeners = new Set<() => void>();
let pluginRegistered = false;

function publish(next: RegisteredRemote[], environment: string) {
  registered = next;
  info = { ...info, remotes: next, environment };
  listeners.forEach((listener) => listener());
}

export function registeredRemotes(): readonly RegisteredRemote[] {
  return registered;
}

export function registeredRemote(name: string): RegisteredRemote | undefined {
  return registered.find((remote) => remote.name === name);
}

export function releaseInfo(): ReleaseInfo {
  return info;
}

/** The shell's and each remote's version, channel and entry as loaded (for the "About" section). */
export function useReleaseInfo(): ReleaseInfo {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    releaseInfo,
    releaseInfo,
  );
}

async function fetchReleaseManifest(): Promise<ReleaseManifest> {
  const response = await fetch(getRuntimeConfig().RELEASE_MANIFEST_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Release manifest unavailable (${response.status})`);
  return v.parse(ReleaseManifestSchema, await response.json());
}

/**
 * The releases of a remote QA may load: those the manifest lists (stable, canary, the previous
 * stable ones), each with the integrity recorded for it. A version rolled back or never released
 * here is not among them, so a link cannot bring it back.
 */
function listedReleases(channels: RemoteChannels): RemoteRelease[] {
  return [channels.stable, ...(channels.canary ? [channels.canary] : []), ...(channels.previous ?? [])];
}

/** Picks each remote's release for this page load: QA's override, else the network's cohort. */
export function chooseReleases(
  manifest: ReleaseManifest,
  cohortId: string | null,
  overrides: ReleaseOverrides,
): RegisteredRemote[] {
  for (const [name, version] of Object.entries(overrides)) {
    if (!manifest.remotes[name])
      console.warn(`Release override ${name}@${version} ignored: no such remote is released here.`);
  }
  return Object.entries(manifest.remotes).map(([name, channels]) => {
    const wanted = overrides[name];
    const listed = listedReleases(channels);
    const forced = wanted ? listed.find((release) => release.version === wanted) : undefined;
    if (wanted && !forced) {
      console.warn(
        `Release override ${name}@${wanted} ignored: the release manifest lists ${listed.map((release) => release.version).join(', ')} for ${name}. The released version is loaded.`,
      );
    }
    if (forced) {
      return { name, version: forced.version, entry: forced.entry, integrity: forced.integrity, channel: 'override' };
    }
    const { release, channel } = chooseRelease(name, channels, cohortId);
    return { name, version: release.version, entry: release.entry, integrity: release.integrity, channel };
  });
}

/**
 * Reads this environment's release manifest, picks each remote's release for this page's cohort and
 * tells the federation runtime where each lives. Runs once per page load: a member's remotes never
 * change mid-session, a new cohort (the first pass's) or a new release applies from the next load. A missing
 * manifest leaves the shell running with every remote area in its fallback.
 */
export async function registerReleasedRemotes(): Promise<void> {
  try {
    const manifest = await fetchReleaseManifest();
    const chosen = chooseReleases(manifest, cohortIdAtStart(), readOverrides());
    // Only what the manifest allowed is kept, for this tab's session.
    keepOverrides(
      Object.fromEntries(
        chosen.filter((remote) => remote.channel === 'override').map((remote) => [remote.name, remote.version]),
      ),
    );
    if (!pluginRegistered) {
      registerPlugins([entryScriptPlugin((url) => registered.find((remote) => remote.entry === url))]);
      pluginRegistered = true;
    }
    publish(chosen, manifest.environment);
    registerRemotes(chosen.map(({ name, entry }) => ({ name, entry })));
  } catch (error) {
    console.error('Remotes could not be registered', error);
  }
}

/** Registers a remote again so that the next load fetches its entry anew (used by retries). */
export function reRegisterRemote(name: string): void {
  const remote = registeredRemote(name);
  if (!remote) return;
  forgetLoadedChunks(remote.name);
  registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
}

/**
 * Forgets the chunks a remote's runtime has received. Each remote's webpack runtime collects its
 * chunks in a global array (`webpackChunk<name>`, its `uniqueName` being its federation name), and
 * a new runtime of the same remote (the entry evaluated again on Retry) installs whatever that array
 * holds instead of fetching it: a module that threw while it was evaluated would throw again on
 * every Retry until a reload. Without the array, the new runtime fetches its chunks afresh.
 */
function forgetLoadedChunks(federationName: string): void {
  Reflect.deleteProperty(globalThis, `webpackChunk${federationName}`);
}
