import path from 'node:path';
import type appsModule from './apps.cjs';

const PORT_VARIABLES = [
  'API_PORT',
  'SHELL_PORT',
  'MF_AUTH_PORT',
  'MF_POINTS_PORT',
  'MF_PROFILE_PORT',
  'TELEMETRY_PORT',
  'PROMETHEUS_PORT',
];

/** The ports table as it reads with no port variable set: everyone's defaults. */
function defaultPorts(): Record<string, number> {
  const saved = { ...process.env };
  for (const name of PORT_VARIABLES) delete process.env[name];
  try {
    let ports: Record<string, number> = {};
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- read afresh with this environment
      ports = (require(path.join(__dirname, 'apps.cjs')) as { ports: Record<string, number> }).ports;
    });
    return ports;
  } finally {
    process.env = saved;
  }
}

test("no default port is another server's default", () => {
  const ports = defaultPorts();
  // The release journeys' stack takes the five ports after the shell's four-app block
  // (e2e/tests/release/release-stack.ts), and Debian's `prometheus` package starts its own
  // service on 9090 once installed.
  const releaseStack = [4, 5, 6, 7, 8].map((offset) => ports.shell! + offset);
  const taken = [...Object.values(ports), ...releaseStack, 9090];
  expect(new Set(taken).size).toBe(taken.length);
});

describe('origins', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module under test is CommonJS
  const apps = require(path.join(__dirname, 'apps.cjs')) as typeof appsModule;

  test('the edge serves the apps over TLS; the development servers and the servers behind the edge speak plain HTTP', () => {
    expect(apps.origin('shell')).toBe(`https://localhost:${apps.ports.shell}`);
    expect(apps.origin('mf-points', 'development')).toBe(`http://localhost:${apps.ports['mf-points']}`);
    expect(apps.apiOrigin()).toBe(`http://localhost:${apps.ports.api}`);
    // The edge and the development proxy reach the API where it listens: loopback, IPv4.
    expect(apps.apiUpstream()).toBe(`http://127.0.0.1:${apps.ports.api}`);
    expect(apps.forwardedPaths()[apps.API_PATH]).toBe(apps.apiUpstream());
    expect(apps.telemetryOrigin()).toMatch(/^http:\/\//);
  });

  test("each server's pages get their own server's origins in their configuration and manifest", () => {
    const entries = (servedBy: 'edge' | 'development') =>
      Object.values(
        (apps.localReleaseManifest('local', servedBy) as { remotes: Record<string, { stable: { entry: string } }> })
          .remotes,
      ).map((remote) => remote.stable.entry);
    expect(entries('edge').every((entry) => entry.startsWith('https://'))).toBe(true);
    expect(entries('development').every((entry) => entry.startsWith('http://'))).toBe(true);
    expect(apps.runtimeConfig('shell').HOST_API).toBe(apps.origin('shell'));
    expect(apps.runtimeConfig('shell', 'development').HOST_API).toBe(apps.origin('shell', 'development'));
    // A remote's standalone harness calls the API itself, whoever serves the harness.
    expect(apps.runtimeConfig('mf-auth').HOST_API).toBe(apps.apiOrigin());
  });

  test("the API's allowed origins hold every app's page under either server", () => {
    const allowed = apps.appOrigins();
    for (const pkg of ['shell', 'mf-auth', 'mf-points', 'mf-profile'] as const) {
      expect(allowed).toEqual(expect.arrayContaining([apps.origin(pkg), apps.origin(pkg, 'development')]));
    }
    expect(allowed).toContain(`https://127.0.0.1:${apps.ports.shell}`);
  });
});
