import * as v from 'valibot';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { ReleaseManifestSchema, getRuntimeConfig, type ReleaseManifest } from '@loyalty/shared/config';

export interface RegisteredRemote {
  name: string;
  version: string;
  entry: string;
}

let registered: RegisteredRemote[] = [];

export function registeredRemotes(): readonly RegisteredRemote[] {
  return registered;
}

async function fetchReleaseManifest(): Promise<ReleaseManifest> {
  const response = await fetch(getRuntimeConfig().RELEASE_MANIFEST_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Release manifest unavailable (${response.status})`);
  return v.parse(ReleaseManifestSchema, await response.json());
}

/**
 * Reads this environment's release manifest and tells the federation runtime where each remote
 * lives. A missing manifest leaves the shell running with every remote area in its fallback.
 */
export async function registerReleasedRemotes(): Promise<void> {
  try {
    const manifest = await fetchReleaseManifest();
    registered = Object.entries(manifest.remotes).map(([name, channels]) => ({
      name,
      version: channels.stable.version,
      entry: channels.stable.entry,
    }));
    registerRemotes(registered.map(({ name, entry }) => ({ name, entry })));
  } catch (error) {
    console.error('Remotes could not be registered', error);
  }
}

/** Registers a remote again so that the next load fetches its entry anew (used by Retry). */
export function reRegisterRemote(name: string): void {
  const remote = registered.find((candidate) => candidate.name === name);
  if (remote) registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
}
