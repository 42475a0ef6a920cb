import path from 'node:path';
import type appsModule from './apps.cjs';

/** The table as it reads with no port variable set but `environment`'s. */
function appsWith(environment: Record<string, string> = {}): typeof appsModule {
  const saved = { ...process.env };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module under test is CommonJS
  const variables = Object.values((require('./apps.cjs') as typeof appsModule).PORT_SETTINGS).map(([name]) => name);
  for (const name of variables) delete process.env[name];
  Object.assign(process.env, environment);
  try {
    let apps: typeof appsModule | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- read afresh with this environment
      apps = require(path.join(__dirname, 'apps.cjs')) as typeof appsModule;
    });
    return apps!;
  } finally {
    process.env = saved;
  }
}

test("no default port is another server's default", () => {
  // Debian's `prometheus` package starts its own service on 9090 once installed.
  const taken = [...Object.values(appsWith().ports), 9090];
  expect(new Set(taken).size).toBe(taken.length);
});

describe("the release journeys' stacks (e2e/tests/release/stack-ports.ts)", () => {
  /** An e2e run's port set, as a session of this project exports it: the remotes right after the shell. */
  const e2eRun = (apps: typeof appsModule) => ({
    API_PORT: '14700',
    SHELL_PORT: '14780',
    PROMETHEUS_PORT: '14789',
    TELEMETRY_PORT: '14790',
    ...Object.fromEntries(apps.remotes.map(({ pkg }, index) => [apps.PORT_SETTINGS[pkg]![0], String(14781 + index)])),
  });

  test.each([
    ['the defaults', {}],
    ['an e2e run', e2eRun(appsWith())],
    ["a server's port in the stack's way", { TELEMETRY_PORT: '8085', MF_AUTH_PORT: '8086' }],
  ])('with %s: the shell, every remote of the registry and the API, on ports of their own', (_case, environment) => {
    const apps = appsWith(environment);
    const releases = apps.stackPorts(4);
    const canary = apps.stackPorts(20, Object.values(releases));
    for (const site of [releases, canary]) {
      expect(Object.keys(site)).toEqual([
        'SHELL_PORT',
        ...apps.remotes.map(({ pkg }) => apps.PORT_SETTINGS[pkg]![0]),
        'API_PORT',
      ]);
    }
    const all = [...Object.values(apps.ports), ...Object.values(releases), ...Object.values(canary)];
    expect(new Set(all).size).toBe(all.length);
  });
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
