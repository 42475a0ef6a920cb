/**
 * The events the shell reports, as the telemetry receiver reads them (telemetry/src/report-schema.ts
 * holds the receiver's schema; `report-contract.test.ts` holds the two to the same shape). Each
 * names a release: remote, version and channel, never a member.
 */
export interface ReleaseLabels {
  remote: string;
  version: string;
  channel: 'stable' | 'canary' | 'override';
}

export type LoadStage = 'entry' | 'init' | 'chunks' | 'render';

export type ReportEvent =
  | (ReleaseLabels & { type: 'page'; navigation: 'load' | 'route' })
  | (ReleaseLabels & {
      type: 'remote-load';
      outcome: 'ok' | 'recovered' | 'failed';
      stage?: LoadStage;
      attempts: number;
      durationMs: number;
    })
  | (ReleaseLabels & { type: 'error'; kind: 'uncaught' | 'unhandled-rejection' | 'boundary' })
  | (ReleaseLabels & { type: 'vital'; name: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB'; value: number });

export const REPORT_FORMAT = 2;

export interface ReportBatch {
  format: typeof REPORT_FORMAT;
  environment: string;
  /** The reporter pass the receiver gave this page (reporter.ts). */
  pass: string;
  events: ReportEvent[];
}

/** What a page's reporter asks its pass for: the releases it loaded (and, leaving, its events). */
export interface PassRequest {
  format: typeof REPORT_FORMAT;
  environment: string;
  releases: ReleaseLabels[];
  events?: ReportEvent[];
}
