import type { RegisteredRemote } from '../remotes/register-released-remotes';
import type { JournalEntry } from './journal';
import { ReportBuilder } from './report-builder';

const REMOTES: RegisteredRemote[] = [
  {
    name: 'mf_points',
    version: '1.2.0',
    channel: 'canary',
    entry: 'https://cdn.example/mf-points/1.2.0/remoteEntry.js',
  },
  { name: 'mf_auth', version: '2.0.0', channel: 'stable', entry: 'https://cdn.example/mf-auth/2.0.0/remoteEntry.js' },
  // Served beside mf-points on the same origin: the deeper folder must not be confused with it.
  {
    name: 'mf_profile',
    version: '3.1.0',
    channel: 'override',
    entry: 'https://cdn.example/mf-profile/3.1.0/remoteEntry.js',
  },
];
const POINTS = { remote: 'mf_points', version: '1.2.0', channel: 'canary' };
const AUTH = { remote: 'mf_auth', version: '2.0.0', channel: 'stable' };

function read(entries: JournalEntry[]) {
  const builder = new ReportBuilder({ remotes: () => REMOTES, shell: { version: '0.9.0' } });
  return { builder, events: entries.flatMap((entry) => builder.read(entry)) };
}

describe('attribution of errors', () => {
  test("an error thrown inside mf-points' area is counted for mf-points at its version and channel", () => {
    const { events } = read([
      { type: 'load-start', remote: 'mf_points', at: 100 },
      { type: 'load-step', remote: 'mf_points', stage: 'entry', failed: false, at: 150 },
      { type: 'load-step', remote: 'mf_points', stage: 'chunks', failed: false, at: 300 },
      { type: 'error', kind: 'boundary', remote: 'mf_points', routeRemote: 'mf_points', at: 340 },
    ]);
    expect(events).toEqual([
      { type: 'error', ...POINTS, kind: 'boundary' },
      // Its module loaded; its render threw: the load failed at render.
      { type: 'remote-load', ...POINTS, outcome: 'failed', stage: 'render', attempts: 1, durationMs: 240 },
    ]);
  });

  test("an uncaught error from mf-points' scripts counts for mf-points, whatever page it happened on", () => {
    const stack = [
      'TypeError: Cannot read properties of undefined',
      '    at onClick (https://cdn.example/mf-points/1.2.0/412.3f9a0c1b2d.js:1:2040)',
      '    at https://portal.example/main.js:2:100',
    ].join('\n');
    const { events } = read([{ type: 'error', kind: 'uncaught', source: stack, routeRemote: 'mf_profile', at: 1 }]);
    expect(events).toEqual([{ type: 'error', ...POINTS, kind: 'uncaught' }]);
  });

  test("an error from the shell's own scripts counts for the shell; one with no source for the page's remote", () => {
    const { events } = read([
      {
        type: 'error',
        kind: 'unhandled-rejection',
        source: `${window.location.origin}/main.js`,
        routeRemote: 'mf_points',
        at: 1,
      },
      { type: 'error', kind: 'unhandled-rejection', routeRemote: 'mf_auth', at: 2 },
      { type: 'error', kind: 'uncaught', routeRemote: null, at: 3 },
    ]);
    expect(events).toEqual([
      { type: 'error', remote: 'shell', version: '0.9.0', channel: 'stable', kind: 'unhandled-rejection' },
      { type: 'error', ...AUTH, kind: 'unhandled-rejection' },
      { type: 'error', remote: 'shell', version: '0.9.0', channel: 'stable', kind: 'uncaught' },
    ]);
  });
});

describe('load outcomes', () => {
  test('a first render ends a load as ok, with its time', () => {
    const { events } = read([
      { type: 'load-start', remote: 'mf_auth', at: 10 },
      { type: 'load-step', remote: 'mf_auth', stage: 'entry', failed: false, at: 40 },
      { type: 'area-rendered', remote: 'mf_auth', at: 210 },
      // Rendering again later is not another load.
      { type: 'area-rendered', remote: 'mf_auth', at: 900 },
    ]);
    expect(events).toEqual([{ type: 'remote-load', ...AUTH, outcome: 'ok', attempts: 1, durationMs: 200 }]);
  });

  test('a load that needed retries is recovered, with the stage that failed first and its attempts', () => {
    const { events } = read([
      { type: 'load-start', remote: 'mf_points', at: 0 },
      { type: 'load-step', remote: 'mf_points', stage: 'entry', failed: true, at: 50 },
      { type: 'load-start', remote: 'mf_points', at: 350 },
      { type: 'load-step', remote: 'mf_points', stage: 'entry', failed: true, at: 400 },
      { type: 'load-start', remote: 'mf_points', at: 950 },
      { type: 'load-step', remote: 'mf_points', stage: 'entry', failed: false, at: 1000 },
      { type: 'area-rendered', remote: 'mf_points', at: 1500 },
    ]);
    expect(events).toEqual([
      { type: 'remote-load', ...POINTS, outcome: 'recovered', stage: 'entry', attempts: 3, durationMs: 1500 },
    ]);
  });

  test('a load whose every attempt failed is failed at the stage that broke, and the Retry after it is recovered', () => {
    const { events } = read([
      { type: 'load-start', remote: 'mf_points', at: 0 },
      { type: 'load-step', remote: 'mf_points', stage: 'entry', failed: false, at: 20 },
      { type: 'load-step', remote: 'mf_points', stage: 'init', failed: true, at: 30 },
      { type: 'error', kind: 'boundary', remote: 'mf_points', routeRemote: 'mf_points', at: 60 },
      // The member pressed Retry.
      { type: 'load-start', remote: 'mf_points', at: 5000 },
      { type: 'area-rendered', remote: 'mf_points', at: 5400 },
    ]);
    expect(events.filter((event) => event.type === 'remote-load')).toEqual([
      { type: 'remote-load', ...POINTS, outcome: 'failed', stage: 'init', attempts: 1, durationMs: 60 },
      { type: 'remote-load', ...POINTS, outcome: 'recovered', attempts: 1, durationMs: 400 },
    ]);
  });
});

describe('pages and vitals', () => {
  test('the first page is the load, the next ones route changes, each for the remote that renders it', () => {
    const { builder, events } = read([
      { type: 'page', remote: 'mf_auth', at: 1 },
      { type: 'page', remote: 'mf_points', at: 2 },
      { type: 'page', remote: 'mf_points', at: 3 },
    ]);
    expect(events.map((event) => [event.remote, event.type === 'page' && event.navigation])).toEqual([
      ['mf_auth', 'load'],
      ['mf_points', 'route'],
      ['mf_points', 'route'],
    ]);
    expect(builder.landingRemote).toBe('mf_auth');
    expect(builder.vital('LCP', 2345.678, 'mf_points')).toEqual({ type: 'vital', ...POINTS, name: 'LCP', value: 2346 });
    expect(builder.vital('CLS', 0.123456, null)).toMatchObject({ remote: 'shell', name: 'CLS', value: 0.1235 });
  });
});
