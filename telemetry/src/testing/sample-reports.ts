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
