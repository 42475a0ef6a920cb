/**
 * The shell and the receiver agree on the reports: every kind of event the shell's report builder
 * makes, in a batch as its sender sends it, passes the receiver's schema.
 */
import * as v from 'valibot';
import { ReportBuilder } from '../../shell/src/telemetry/report-builder';
import { REPORT_FORMAT } from '../../shell/src/telemetry/report-events';
import { ReportBatchSchema } from './report-schema';

const REMOTES = [
  {
    name: 'mf_points',
    version: '1.1.0',
    channel: 'canary' as const,
    entry: 'https://cdn.example/mf-points/1.1.0/remoteEntry.js',
  },
  { name: 'mf_auth', version: 'local', channel: 'override' as const, entry: 'http://localhost:8081/remoteEntry.js' },
];

test("every event the shell's builder makes passes the receiver's schema", () => {
  const builder = new ReportBuilder({ remotes: () => REMOTES, shell: { version: '0.1.0' } });
  const events = [
    { type: 'page', remote: 'mf_auth', at: 0 },
    { type: 'load-start', remote: 'mf_points', at: 0 },
    { type: 'load-step', remote: 'mf_points', stage: 'entry', failed: true, at: 10 },
    { type: 'load-start', remote: 'mf_points', at: 20 },
    { type: 'area-rendered', remote: 'mf_points', at: 30 },
    { type: 'load-start', remote: 'mf_auth', at: 40 },
    { type: 'error', kind: 'boundary', remote: 'mf_auth', routeRemote: 'mf_auth', at: 50 },
    { type: 'error', kind: 'unhandled-rejection', routeRemote: 'mf_points', at: 60 },
    { type: 'page', remote: 'mf_points', at: 70 },
  ].flatMap((entry) => builder.read(entry as Parameters<ReportBuilder['read']>[0]));
  for (const name of ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const) events.push(builder.vital(name, 12.5, 'mf_points'));
  expect(new Set(events.map((event) => event.type))).toEqual(new Set(['page', 'remote-load', 'error', 'vital']));

  const batch = { format: REPORT_FORMAT, environment: 'production', pass: 'eyJpZCI6IngifQ.c2lnbmF0dXJl', events };
  const parsed = v.safeParse(ReportBatchSchema, batch);
  expect(parsed.success ? [] : v.flatten(parsed.issues)).toEqual([]);
});
