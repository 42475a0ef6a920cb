import express, { type RequestHandler } from 'express';
import * as v from 'valibot';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validate';

/**
 * Where browsers report violations of the pages' Content-Security-Policy: the address the edge's
 * policy names in every page's `report-to` and `report-uri` (`CSP_REPORT_PATH`,
 * scripts/edge/policy.mjs; a test holds the two equal).
 */
export const CSP_REPORTS_PATH = '/api/csp-reports';

/**
 * A batch of reports: the browser sends what it has queued at once, each report under 2 kB with
 * the page's policy in it. Larger is refused (413), as the edge does (scripts/edge/policy.mjs).
 */
export const CSP_REPORT_BODY_LIMIT = '64kb';
/** Reports in one batch of the Reporting API; more is a flood, not a browser. */
export const CSP_REPORTS_PER_BATCH = 100;
/** Reports kept for reading back (`GET /api/dev/csp-reports`), newest first. */
export const CSP_REPORTS_KEPT = 200;

/** The Reporting API's type (`report-to`) and the older `report-uri`'s. */
const REPORTING_API = 'application/reports+json';
const REPORT_URI = 'application/csp-report';

const text = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)));
const position = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000)));
const ADDRESS = 2048;

/** One report as the Reporting API sends it (`body` of a `csp-violation`). */
const ReportingApiBody = v.looseObject({
  documentURL: v.pipe(v.string(), v.maxLength(ADDRESS)),
  effectiveDirective: v.pipe(v.string(), v.maxLength(64)),
  blockedURL: text(ADDRESS),
  disposition: v.optional(v.picklist(['enforce', 'report'])),
  sourceFile: text(ADDRESS),
  lineNumber: position,
  columnNumber: position,
  sample: text(256),
});
const ReportingApiBatch = v.pipe(
  v.array(
    v.looseObject({
      type: v.pipe(v.string(), v.maxLength(64)),
      body: v.optional(v.unknown()),
    }),
  ),
  v.maxLength(CSP_REPORTS_PER_BATCH),
);

/** The same as `report-uri` sends it. */
const ReportUriBody = v.looseObject({
  'csp-report': v.looseObject({
    'document-uri': v.pipe(v.string(), v.maxLength(ADDRESS)),
    'effective-directive': text(64),
    'violated-directive': text(256),
    'blocked-uri': text(ADDRESS),
    disposition: v.optional(v.picklist(['enforce', 'report'])),
    'source-file': text(ADDRESS),
    'line-number': position,
    'column-number': position,
    'script-sample': text(256),
  }),
});

export interface CspReport {
  documentUrl: string;
  directive: string;
  blockedUrl: string;
  disposition: 'enforce' | 'report';
  sourceFile?: string;
  line?: number;
  column?: number;
  sample?: string;
  receivedAt: string;
}

type Received = Omit<CspReport, 'receivedAt'>;

function fromReportingApi(batch: unknown): Received[] {
  const reports = parseInput(ReportingApiBatch, batch, 'Not a batch of reports');
  return reports
    .filter((report) => report.type === 'csp-violation')
    .map((report) => {
      const body = parseInput(ReportingApiBody, report.body, 'Not a CSP violation report');
      return {
        documentUrl: body.documentURL,
        directive: body.effectiveDirective,
        blockedUrl: body.blockedURL ?? '',
        disposition: body.disposition ?? 'enforce',
        sourceFile: body.sourceFile,
        line: body.lineNumber,
        column: body.columnNumber,
        sample: body.sample,
      };
    });
}

function fromReportUri(input: unknown): Received[] {
  const report = parseInput(ReportUriBody, input, 'Not a CSP violation report')['csp-report'];
  return [
    {
      documentUrl: report['document-uri'],
      directive: report['effective-directive'] ?? report['violated-directive']?.split(' ')[0] ?? '',
      blockedUrl: report['blocked-uri'] ?? '',
      disposition: report.disposition ?? 'enforce',
      sourceFile: report['source-file'],
      line: report['line-number'],
      column: report['column-number'],
      sample: report['script-sample'],
    },
  ];
}

/**
 * Takes CSP reports in either format, checks them (types, sizes, a bounded batch), keeps the
 * latest in memory and logs one line each. A report carries page addresses, never a member's data
 * or token: the pages' policy keeps addresses free of them (no `returnTo` with a secret).
 */
export function cspReportRoutes(now: () => Date, log: (line: string) => void) {
  const kept: CspReport[] = [];
  const parse = express.json({ type: [REPORTING_API, REPORT_URI], limit: CSP_REPORT_BODY_LIMIT });

  const receive: RequestHandler = (request, response) => {
    const received = request.is(REPORTING_API)
      ? fromReportingApi(request.body)
      : request.is([REPORT_URI, 'application/json'])
        ? fromReportUri(request.body)
        : null;
    if (!received) throw new HttpError(415, `Send reports as ${REPORTING_API} or ${REPORT_URI}`);
    const receivedAt = now().toISOString();
    for (const report of received) {
      kept.unshift({ ...report, receivedAt });
      // JSON-quoted: a report's text cannot forge another log line.
      log(
        `CSP violation: ${JSON.stringify(report.directive)} blocked ${JSON.stringify(report.blockedUrl)} on ${JSON.stringify(report.documentUrl)}`,
      );
    }
    kept.splice(CSP_REPORTS_KEPT);
    response.status(204).end();
  };

  const list: RequestHandler = (_request, response) => {
    response.json({ data: kept });
  };

  return { receive: [parse, receive], list };
}
