import { ReleaseCatalog, type ManifestView } from '../release-catalog';
import type { ReportBatch, ReportEvent } from '../report-schema';

type Release = Pick<ReportEvent, 'remote' | 'version' | 'channel'>;

export const STABLE: Release = { remote: 'mf_points', version: '1.0.0', channel: 'stable' };
export const CANARY: Release = { remote: 'mf_points', version: '1.1.0', channel: 'canary' };

/** What one page load of mf-points sends: the page, the remote's load, two vitals. */
export function pageLoadBatch(release: Release = STABLE, environment = 'local'): ReportBatch {
  return {
    format: 1,
    environment,
    events: [
      { type: 'page', ...release, navigation: 'load' },
      { type: 'remote-load', ...release, outcome: 'ok', attempts: 1, durationMs: 420 },
      { type: 'vital', ...release, name: 'LCP', value: 1830 },
      { type: 'vital', ...release, name: 'CLS', value: 0.02 },
    ],
  };
}

/** What the tests' portal serves: mf-points' stable and canary, the other remotes' stable, in two environments. */
export const SAMPLE_MANIFESTS: ManifestView[] = ['local', 'production'].map((environment) => ({
  environment,
  remotes: {
    mf_auth: { stable: { version: '1.0.0' } },
    mf_points: { stable: { version: STABLE.version }, canary: { version: CANARY.version } },
    mf_profile: { stable: { version: '1.0.0' } },
  },
}));
export const SHELL_VERSION = '0.1.0';

/** The release catalog of SAMPLE_MANIFESTS, with the shell at SHELL_VERSION. */
export const sampleReleases = () => ReleaseCatalog.of(SAMPLE_MANIFESTS, [SHELL_VERSION]);
