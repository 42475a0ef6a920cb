// The dependency audit of `npm test`: `npm audit --omit=dev` must find no high or critical
// advisory in what ships. When the registry's advisory endpoint cannot answer, the audit did not
// happen: the step is skipped, loudly, rather than passed or failed on no evidence.
import { spawnSync } from 'node:child_process';

export const BLOCKING_SEVERITIES = ['high', 'critical'];

// npm's own words when the advisories endpoint fails (a 405 from a mirror, no network, a 5xx).
const ENDPOINT_ERROR = /audit endpoint returned an error/i;
const NETWORK_ERROR_CODES = new Set(['ENOTFOUND', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN']);

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const lastLines = (text, count = 5) =>
  String(text ?? '')
    .trim()
    .split('\n')
    .slice(-count)
    .join('\n');

/**
 * What `npm audit --json` said, as the step's outcome.
 * @param {{ status: number | null, stdout: string, stderr: string }} audit
 * @returns {{ outcome: 'passed' | 'failed' | 'skipped', message: string }}
 */
export function judgeAudit({ status, stdout, stderr }) {
  const report = parseJson(stdout);
  const counts = report?.metadata?.vulnerabilities;
  if (counts && typeof counts === 'object') {
    const blocking = BLOCKING_SEVERITIES.reduce((sum, severity) => sum + (Number(counts[severity]) || 0), 0);
    const tally = ['critical', 'high', 'moderate', 'low', 'info']
      .map((severity) => `${Number(counts[severity]) || 0} ${severity}`)
      .join(', ');
    if (blocking === 0) return { outcome: 'passed', message: `no high or critical advisory (${tally})` };
    const packages = Object.entries(report.vulnerabilities ?? {})
      .filter(([, finding]) => BLOCKING_SEVERITIES.includes(finding?.severity))
      .map(([name, finding]) => `${name} (${finding.severity})`);
    return {
      outcome: 'failed',
      message: `${blocking} high or critical: ${packages.join(', ') || 'see npm audit'} (${tally})`,
    };
  }
  const unreachable =
    ENDPOINT_ERROR.test(stderr ?? '') ||
    (report?.error && (Number(report.statusCode) >= 400 || NETWORK_ERROR_CODES.has(report.code)));
  if (unreachable) {
    const reason = report?.message ?? lastLines(stderr, 1);
    return { outcome: 'skipped', message: `the advisory endpoint could not be asked: ${reason}` };
  }
  return {
    outcome: 'failed',
    message: `npm audit gave no report (exit ${status}): ${lastLines(stderr) || lastLines(stdout)}`,
  };
}

/** Runs the real audit in `cwd` and judges it. */
export function runDependencyAudit(cwd) {
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd,
    env: process.env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return judgeAudit({ status: audit.status, stdout: audit.stdout ?? '', stderr: audit.stderr ?? '' });
}
