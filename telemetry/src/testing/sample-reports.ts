import type { FastifyInstance } from 'fastify';
import { REPORTS_ROUTE } from '../receiver';
import { ReleaseCatalog, type ManifestView } from '../release-catalog';
import { PassSigner } from '../reporter-pass';
import { REPORT_FORMAT, type ReportBatch, type ReportEvent } from '@loyalty/shared/telemetry';

type Release = Pick<ReportEvent, 'remote' | 'version' | 'channel'>;

export const STABLE: Release = { remote: 'mf_points', version: '1.0.0', channel: 'stable' };
export const CANARY: Release = { remote: 'mf_points', version: '1.1.0', channel: 'canary' };

/** What one page load of mf-points sends: the page, the remote's load, two vitals. */
export function pageLoadBatch(release: Release = STABLE, environment = 'local'): ReportBatch {
  return reportBatch(environment, [
    { type: 'page', ...release, navigation: 'load' },
    { type: 'remote-load', ...release, outcome: 'ok', attempts: 1, durationMs: 420 },
    { type: 'vital', ...release, name: 'LCP', value: 1830 },
    { type: 'vital', ...release, name: 'CLS', value: 0.02 },
  ]);
}

/** The tests' receivers sign passes with this (`sampleReceiver`), so a test can issue its own. */
export const SAMPLE_PASSES = new PassSigner('sample-reports');

/**
 * A batch as one page sends it: the format, and a pass of its own (a page load's) naming the
 * releases its events name, as the receiver would have signed it.
 */
export function reportBatch(environment: string, events: ReadonlyArray<object | undefined>): ReportBatch {
  const named = events.map((event) => event as Release);
  const releases = new Map(
    named.map(({ remote, version, channel }) => [
      `${remote}|${version}|${channel}`,
      { remote, version, channel, environment },
    ]),
  );
  const { pass } = SAMPLE_PASSES.issue(environment, [...releases.values()]);
  // Events as the test wrote them, valid or not: the receiver is the judge.
  return { format: REPORT_FORMAT, environment, pass, events: named as ReportEvent[] };
}

/** What the tests' portal serves: mf-points' stable and canary, the other remotes' stable, in two environments. */
export const SAMPLE_MANIFESTS: ManifestView[] = ['local', 'production'].map((environment) => ({
  environment,
  remotes: {
    mf_auth: { stable: { version: '1.0.0' } },
    // Everyone on the canary, whatever their network's cohort: tests of the share set their own.
    mf_points: { stable: { version: STABLE.version }, canary: { version: CANARY.version, percent: 100 } },
    mf_profile: { stable: { version: '1.0.0' } },
  },
}));
export const SHELL_VERSION = '0.1.0';

/** The release catalog of SAMPLE_MANIFESTS, with the shell at SHELL_VERSION. */
export const sampleReleases = () => ReleaseCatalog.of(SAMPLE_MANIFESTS, [SHELL_VERSION]);

/** A receiver's options as the tests build it: the sample releases, the sample passes, no process metrics. */
export const sampleReceiver = () => ({ releases: sampleReleases(), passes: SAMPLE_PASSES, processMetrics: false });

/** Posts `payload` (JSON unless a string already) to one of `app`'s routes, as a member's page would. */
export const postTo = (
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
  url: string = REPORTS_ROUTE,
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

/** `app`'s metrics in Prometheus's text format. */
export const metricsTextOf = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/metrics' })).body;

/** The `Set-Cookie` an answer sets for cookie `name` (its whole value and attributes); null for none. */
export function setCookieOf(answer: { headers: Record<string, unknown> }, name: string): string | null {
  const header = answer.headers['set-cookie'];
  const values = header === undefined ? [] : Array.isArray(header) ? header.map(String) : [String(header)];
  return values.find((value) => value.startsWith(`${name}=`)) ?? null;
}
