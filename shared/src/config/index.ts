import { fetchOrTakeStartUpResponse } from '../lib/start-up-responses';

/**
 * Runtime configuration. Nothing environment-specific is baked into a bundle: the shell reads
 * `/config.json` at start-up and every app reads the values from here.
 */
export interface RuntimeConfig {
  /** Base address of the API, e.g. `http://localhost:3000`. Paths are appended to it. */
  HOST_API: string;
  /** Where the release manifest of this environment lives. */
  RELEASE_MANIFEST_URL: string;
  /** Two-letter country used when a phone number has no recognisable dial code. */
  DEFAULT_COUNTRY?: string;
}

const FALLBACK_CONFIG: RuntimeConfig = {
  HOST_API: 'http://localhost:3000',
  RELEASE_MANIFEST_URL: '/release-manifest.json',
};

let current: RuntimeConfig = FALLBACK_CONFIG;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(next: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...current, ...next };
  return current;
}

/**
 * Fetches `/config.json` (or `url`) and makes it the current configuration. A signed-in member's
 * page has usually fetched it already, in its pre-paint script (decision 019): that answer is used.
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetchOrTakeStartUpResponse(new URL(url, window.location.href), { cache: 'no-store' });
  if (!response.ok) throw new Error(`Runtime configuration unavailable (${response.status})`);
  return setRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
}

export {
  ReleaseManifestSchema,
  RemoteChannelsSchema,
  RemoteReleaseSchema,
  CanaryReleaseSchema,
  chooseRelease,
  cohortBucket,
  fnv1a,
  type ReleaseChannel,
  type ReleaseManifest,
  type RemoteChannels,
  type RemoteRelease,
  type CanaryRelease,
} from './release-manifest';
