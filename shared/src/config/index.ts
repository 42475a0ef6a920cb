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
  /** Where the shell sends members' experience reports (on its own origin); none: no reports. */
  TELEMETRY_URL?: string;
  /** Where the shell's reporter asks for the pass its reports carry (on its own origin). */
  TELEMETRY_PASS_URL?: string;
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

declare global {
  interface Window {
    /**
     * `/config.json` as a signed-in member's start-up script fetched it (decision 019); null once
     * the application has started, which tells that script it is too late to send anything.
     */
    __startUpConfig?: Promise<Response> | null;
  }
}

/** The configuration the start-up script fetched, if it has; from now on, it sends nothing. */
function takeStartUpConfig(): Promise<Response> | null | undefined {
  const startUp = window.__startUpConfig;
  window.__startUpConfig = null;
  return startUp;
}

/** Fetches `/config.json` (or `url`) and makes it the current configuration. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const startUp = takeStartUpConfig();
  const fetchIt = () => fetch(new URL(url, window.location.href), { cache: 'no-store' });
  const response = await (startUp && url === '/config.json' ? startUp.catch(fetchIt) : fetchIt());
  if (!response.ok) throw new Error(`Runtime configuration unavailable (${response.status})`);
  return setRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
}

export {
  ReleaseManifestSchema,
  RemoteChannelsSchema,
  RemoteReleaseSchema,
  CanaryReleaseSchema,
  COHORT_COOKIE,
  COHORT_ID,
  COHORT_ID_LENGTH,
  chooseRelease,
  cohortBucket,
  networkCohortKey,
  fnv1a,
  type ReleaseChannel,
  type ReleaseManifest,
  type RemoteChannels,
  type RemoteRelease,
  type CanaryRelease,
} from './release-manifest';
