// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as audit from './dependency-audit.mjs';

type Verdict = { outcome: 'passed' | 'failed' | 'skipped'; message: string };
const { judgeAudit } = audit as {
  judgeAudit(result: { status: number | null; stdout: string; stderr: string }): Verdict;
};

/** `npm audit --json` (report version 2) with findings of the given severities. */
function report(findings: Record<string, 'info' | 'low' | 'moderate' | 'high' | 'critical'>) {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  const vulnerabilities: Record<string, unknown> = {};
  for (const [name, severity] of Object.entries(findings)) {
    counts[severity] += 1;
    counts.total += 1;
    vulnerabilities[name] = {
      name,
      severity,
      isDirect: false,
      via: [],
      effects: [],
      range: '*',
      nodes: [],
      fixAvailable: true,
    };
  }
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: counts, dependencies: { prod: 120, dev: 0, optional: 0, peer: 0, total: 120 } },
  });
}

// What npm 11 prints when the registry answers the advisories endpoint with 405 (this machine's registry).
const ENDPOINT_405 = {
  status: 1,
  stdout: JSON.stringify({
    message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    method: 'POST',
    uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    statusCode: 405,
    body: '',
    error: { summary: '', detail: '' },
  }),
  stderr:
    'npm warn audit 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk\n' +
    'npm error audit endpoint returned an error\n',
};

describe('the dependency audit step', () => {
  it('fails on a high finding, naming the package', () => {
    const verdict = judgeAudit({ status: 1, stdout: report({ 'path-to-regexp': 'high', debug: 'low' }), stderr: '' });
    expect(verdict.outcome).toBe('failed');
    expect(verdict.message).toMatch(/path-to-regexp \(high\)/);
    expect(verdict.message).not.toMatch(/debug/);
  });

  it('fails on a critical finding', () => {
    expect(judgeAudit({ status: 1, stdout: report({ 'form-data': 'critical' }), stderr: '' }).outcome).toBe('failed');
  });

  it('passes with only low and moderate findings, whatever npm exits with', () => {
    const verdict = judgeAudit({
      status: 1,
      stdout: report({ cookie: 'low', 'brace-expansion': 'moderate' }),
      stderr: '',
    });
    expect(verdict).toEqual({ outcome: 'passed', message: expect.stringMatching(/1 moderate, 1 low/) });
  });

  it('passes with no finding at all', () => {
    expect(judgeAudit({ status: 0, stdout: report({}), stderr: '' }).outcome).toBe('passed');
  });

  it('is skipped, not passed, when the advisory endpoint returns an error', () => {
    const verdict = judgeAudit(ENDPOINT_405);
    expect(verdict.outcome).toBe('skipped');
    expect(verdict.message).toMatch(/405 Method Not Allowed/);
  });

  it('is skipped when the registry cannot be reached at all', () => {
    const offline = JSON.stringify({
      error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND' },
      code: 'ENOTFOUND',
    });
    expect(judgeAudit({ status: 1, stdout: offline, stderr: '' }).outcome).toBe('skipped');
  });

  it('fails when npm audit gives no report for any other reason', () => {
    const noLock = JSON.stringify({
      error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.' },
    });
    expect(judgeAudit({ status: 1, stdout: noLock, stderr: 'npm error code ENOLOCK\n' }).outcome).toBe('failed');
    expect(judgeAudit({ status: 1, stdout: '', stderr: 'npm error something else\n' }).outcome).toBe('failed');
  });
});
