/**
 * Content-Security-Policy violation reports, in both shapes browsers send: the Reporting API's
 * (`report-to`, `application/reports+json`, a list of reports) and the older `report-uri`
 * (`application/csp-report`, one report). Only the violated directive and the disposition are
 * kept, as labels from fixed lists: the addresses a report carries (the page's, the blocked one)
 * may hold a member's data and never leave this function.
 */
import * as v from 'valibot';

/** CSP directives a label may name; anything else is counted as `other`. */
export const CSP_DIRECTIVES = [
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'media-src',
  'object-src',
  'frame-src',
  'child-src',
  'worker-src',
  'manifest-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
  'require-trusted-types-for',
  'trusted-types',
] as const;
export const CSP_DISPOSITIONS = ['enforce', 'report'] as const;
/** The most reports one Reporting API delivery may hold. */
export const MAX_CSP_REPORTS_PER_DELIVERY = 32;

export interface CspViolation {
  directive: (typeof CSP_DIRECTIVES)[number] | 'other';
  disposition: (typeof CSP_DISPOSITIONS)[number];
}

const shortText = v.pipe(v.string(), v.maxLength(2048));

/** `report-uri`'s body: `{ "csp-report": { "effective-directive": …, … } }`. */
const LegacyReport = v.object({
  'csp-report': v.object({
    'effective-directive': v.optional(shortText),
    'violated-directive': v.optional(shortText),
    disposition: v.optional(v.picklist(CSP_DISPOSITIONS)),
  }),
});

/** One report of the Reporting API; other report types (deprecation, intervention) are skipped. */
const ReportingApiReport = v.object({
  type: shortText,
  body: v.optional(
    v.object({
      effectiveDirective: v.optional(shortText),
      disposition: v.optional(v.picklist(CSP_DISPOSITIONS)),
    }),
  ),
});
const ReportingApiDelivery = v.pipe(v.array(ReportingApiReport), v.maxLength(MAX_CSP_REPORTS_PER_DELIVERY));

function directiveLabel(directive: string | undefined): CspViolation['directive'] {
  // `violated-directive` may carry the directive's whole value ("script-src 'self'"): its name leads.
  const name = directive?.trim().split(/\s+/, 1)[0]?.toLowerCase();
  return (CSP_DIRECTIVES as readonly string[]).includes(name ?? '') ? (name as CspViolation['directive']) : 'other';
}

export type CspParse = { ok: true; violations: CspViolation[] } | { ok: false; message: string };

export function parseCspReport(contentType: 'csp-report' | 'reports', body: unknown): CspParse {
  if (contentType === 'csp-report') {
    const parsed = v.safeParse(LegacyReport, body);
    if (!parsed.success) return { ok: false, message: `not a CSP report: ${v.summarize(parsed.issues)}` };
    const report = parsed.output['csp-report'];
    return {
      ok: true,
      violations: [
        {
          directive: directiveLabel(report['effective-directive'] ?? report['violated-directive']),
          disposition: report.disposition ?? 'enforce',
        },
      ],
    };
  }
  const parsed = v.safeParse(ReportingApiDelivery, body);
  if (!parsed.success) return { ok: false, message: `not a list of reports: ${v.summarize(parsed.issues)}` };
  return {
    ok: true,
    violations: parsed.output
      .filter((report) => report.type === 'csp-violation')
      .map((report) => ({
        directive: directiveLabel(report.body?.effectiveDirective),
        disposition: report.body?.disposition ?? 'enforce',
      })),
  };
}
