/**
 * The receiver's schemas of members' reports: the telemetry contract's (`@loyalty/shared/telemetry`),
 * for the apps of this portal. The contract holds the wire format, its types and the metric names;
 * the list of apps is the registry's.
 */
import { reportSchemas } from '@loyalty/shared/telemetry/schema';
import apps from '../../scripts/lib/apps.cjs';

/**
 * Bytes of one report batch, and of one delivery of CSP reports (up to
 * `MAX_CSP_REPORTS_PER_DELIVERY`): the sizes the edge lets through too (scripts/lib/apps.cjs).
 */
export const { reports: MAX_REPORT_BYTES, cspReports: MAX_CSP_REPORT_BYTES } = apps.TELEMETRY_BODY_BYTES;

/** The apps that own an area of the page: the shell itself and each remote of the ports table. */
export const REPORTING_APPS = ['shell', ...apps.remotes.map((remote) => remote.name)] as const;

export const { ReportEventSchema, ReportBatchSchema, PassRequestSchema } = reportSchemas(REPORTING_APPS);
