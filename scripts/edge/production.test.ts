import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as production from './production.mjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as nginxProcess from './nginx.mjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as nginxConfigModule from './nginx-config.mjs';

interface Settings {
  shellOrigin: string;
  apiUpstream: string;
  telemetryUpstreams?: string[];
  servedFrom: string;
  listen?: string;
  trustedProxies?: string[];
  brotliModule?: string | null;
  user?: string;
  logDir?: string;
  reporterSecretFile?: string;
}
const { productionEdgeConfig, remoteOrigins, writeProductionEdgeConfigs } = production as {
  productionEdgeConfig(input: {
    env: string;
    settings: Settings;
    manifest: unknown;
    localDeployRoot: string;
    runtimeDir?: string;
  }): Promise<string>;
  remoteOrigins(manifest: unknown): Map<string, { shared: boolean; pkgs: Set<string> }>;
  writeProductionEdgeConfigs(input: {
    deployRoot: string;
    envs?: string[];
    outDir: string;
  }): Promise<Array<{ env: string; written: string | null; why?: string }>>;
};
const { reporterSecretMap } = nginxConfigModule as { reporterSecretMap(secret: string): string };
const { ensureNginx, prepareRuntimeDir } = nginxProcess as {
  ensureNginx(): { nginx: string; brotliModule: string | null };
  prepareRuntimeDir(folder: string): void;
};

const release = (entry: string, version: string) => ({ version, entry, integrity: 'sha384-abc' });
const ROUTES_INTEGRITY = `sha384-${'C'.repeat(64)}`;
const MANIFEST = {
  schemaVersion: 1,
  environment: 'production',
  revision: 12,
  remotes: {
    mf_auth: { stable: release('https://auth.cdn.example/1.0.0/remoteEntry.js', '1.0.0') },
    mf_points: {
      stable: release('https://cdn.example/mf-points/1.1.0/remoteEntry.js', '1.1.0'),
      previous: [release('https://cdn.example/mf-points/1.0.0/remoteEntry.js', '1.0.0')],
    },
    mf_profile: { stable: release('https://cdn.example/mf-profile/2.0.0/remoteEntry.js', '2.0.0') },
  },
};

describe("the remotes' origins of a release manifest", () => {
  it("map an origin of its own to the remote's folder, a shared one to the deploy root", () => {
    const origins = remoteOrigins(MANIFEST);
    expect([...origins.keys()]).toEqual(['https://auth.cdn.example', 'https://cdn.example']);
    expect(origins.get('https://auth.cdn.example')).toEqual({ shared: false, pkgs: new Set(['mf-auth']) });
    expect(origins.get('https://cdn.example')).toEqual({ shared: true, pkgs: new Set(['mf-points', 'mf-profile']) });
  });

  it('refuse a layout the deploy root cannot serve, saying why', () => {
    const one = (entry: string, version = '1.0.0') => ({ remotes: { mf_points: { stable: release(entry, version) } } });
    expect(() => remoteOrigins(one('https://cdn.example/other/1.0.0/remoteEntry.js'))).toThrow(/empty or \/mf-points/);
    expect(() => remoteOrigins(one('https://cdn.example/mf-points/1.0.0/entry.js'))).toThrow(/base-url/);
    expect(() => remoteOrigins(one('/mf-points/1.0.0/remoteEntry.js'))).toThrow(/absolute/);
    expect(() =>
      remoteOrigins({ remotes: { mf_evil: { stable: release('https://x.example/1/remoteEntry.js', '1') } } }),
    ).toThrow(/unknown remote/);
    const both = {
      remotes: {
        mf_auth: { stable: release('https://cdn.example/1.0.0/remoteEntry.js', '1.0.0') },
        mf_points: { stable: release('https://cdn.example/1.0.0/remoteEntry.js', '1.0.0') },
      },
    };
    expect(() => remoteOrigins(both)).toThrow(/at its root/);
  });
});

describe("an environment's production edge", () => {
  let folder: string;
  let localDeployRoot: string;
  const settings = (overrides: Partial<Settings> = {}): Settings => ({
    shellOrigin: 'https://portal.example.com',
    apiUpstream: 'http://10.0.0.10:3000',
    telemetryUpstreams: ['http://10.0.0.20:8090', 'http://10.0.0.21:8090'],
    servedFrom: '/srv/loyalty',
    trustedProxies: ['203.0.113.0/24', '2001:db8::/32'],
    logDir: path.join(folder, 'logs'),
    ...overrides,
  });

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'edge-production-'));
    localDeployRoot = path.join(folder, 'deploy');
    mkdirSync(path.join(localDeployRoot, 'mf-auth', '1.0.0'), { recursive: true });
    mkdirSync(path.join(localDeployRoot, 'manifests'), { recursive: true });
    writeFileSync(
      path.join(localDeployRoot, 'mf-auth', '1.0.0', 'landing-scripts.json'),
      JSON.stringify({ scripts: ['routes.0123456789.js'], integrity: { 'routes.0123456789.js': ROUTES_INTEGRITY } }),
    );
    mkdirSync(path.join(localDeployRoot, 'mf-auth', '1.0.0', 'first-paint'));
    writeFileSync(
      path.join(localDeployRoot, 'mf-auth', '1.0.0', 'first-paint.json'),
      JSON.stringify({ pages: [{ path: '/auth/login', exact: true, file: 'first-paint/auth-login.html' }] }),
    );
    writeFileSync(path.join(localDeployRoot, 'mf-auth', '1.0.0', 'first-paint', 'auth-login.html'), '<div></div>');
    writeFileSync(path.join(localDeployRoot, 'manifests', 'production.json'), JSON.stringify(MANIFEST));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("serves the shell at its public name, with the manifest's policy and preloads, HSTS and the CDN's client address", async () => {
    const config = await productionEdgeConfig({
      env: 'production',
      settings: settings(),
      manifest: MANIFEST,
      localDeployRoot,
    });
    expect(config).toMatch(/^\s*server_name portal\.example\.com;$/m);
    expect(config).toContain('root /srv/loyalty/shell;');
    expect(config).toContain("script-src 'self' https://auth.cdn.example https://cdn.example;");
    expect(config).toContain('<https://auth.cdn.example/1.0.0/routes.0123456789.js>; rel=preload');
    // With the integrity its script tag carries: the browser uses the preload instead of fetching again.
    expect(config).toContain(
      `routes.0123456789.js>; rel=preload; as=script; crossorigin; fetchpriority=low; integrity=\\"${ROUTES_INTEGRITY}\\"`,
    );
    expect(config).toContain('add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;');
    expect(config).toContain('set_real_ip_from 203.0.113.0/24;');
    expect(config).toContain('server 10.0.0.10:3000;');
    // Members' reports and CSP reports: the shell's origin, spread over both receivers.
    expect(config).toMatch(/upstream site0_telemetry \{\s+server 10\.0\.0\.20:8090;\s+server 10\.0\.0\.21:8090;/);
    expect(config).toContain('location = /telemetry/v1/csp {');
    // The receivers' key is included from the server's file, never written into edge/dist.
    expect(config).toContain('include /etc/nginx/loyalty-reporter-secret.conf;');
    expect(config).not.toMatch(/map "" \$reporter_secret/);
    expect(config).toContain('report-uri https://portal.example.com/telemetry/v1/csp');
    expect(config).toContain('\\"TELEMETRY_URL\\":\\"/telemetry/v1/reports\\"');
    // The remotes' origins: a root of its own, or only the remotes' folders of the deploy root.
    expect(config).toMatch(/server_name auth\.cdn\.example;\s+root \/srv\/loyalty\/deploy\/mf-auth;/);
    expect(config).toMatch(/server_name cdn\.example;\s+root \/srv\/loyalty\/deploy;/);
    expect(config).toContain('location /mf-points/ {');
    expect(config).toContain('location /mf-profile/ {');
    // The sign-in page's skeleton, from the release's folder on the server (decision 064).
    expect(config).toMatch(
      /location = \/_first-paint\/0\.html \{\s+internal;[^}]*alias \/srv\/loyalty\/deploy\/mf-auth\/1\.0\.0\/first-paint\/auth-login\.html;/,
    );
    expect(config).toContain('"~^/auth/login/?(?:\\\\?|$)" "/_first-paint/0.html";');
  });

  it('is a configuration nginx accepts', async () => {
    const runtimeDir = path.join(folder, 'runtime');
    mkdirSync(path.join(folder, 'logs'), { recursive: true });
    prepareRuntimeDir(runtimeDir);
    const { nginx, brotliModule } = ensureNginx();
    // The receivers' key, as scripts/edge/write-reporter-secret.mjs writes it on a server.
    const reporterSecretFile = path.join(runtimeDir, 'reporter-secret.conf');
    writeFileSync(reporterSecretFile, reporterSecretMap('a-key-of-the-receivers-32-characters-long'));
    const config = await productionEdgeConfig({
      env: 'production',
      settings: settings({ brotliModule, user: undefined, reporterSecretFile }),
      manifest: MANIFEST,
      localDeployRoot,
      runtimeDir,
    });
    const file = path.join(runtimeDir, 'production.conf');
    writeFileSync(file, config);
    const tested = spawnSync(
      nginx,
      ['-t', '-p', runtimeDir, '-e', path.join(folder, 'logs', 'error.log'), '-c', file],
      {
        encoding: 'utf8',
      },
    );
    expect([tested.status, tested.stderr]).toEqual([0, expect.stringMatching(/test is successful/)]);
  });

  it('needs at least one telemetry receiver, where the pages send their reports', async () => {
    await expect(
      productionEdgeConfig({
        env: 'production',
        settings: settings({ telemetryUpstreams: [] }),
        manifest: MANIFEST,
        localDeployRoot,
      }),
    ).rejects.toThrow(/telemetryUpstreams/);
  });

  it('keeps the remotes on origins of their own', async () => {
    const onShell = {
      remotes: { mf_points: { stable: release('https://portal.example.com/mf-points/1.0.0/remoteEntry.js', '1.0.0') } },
    };
    await expect(
      productionEdgeConfig({ env: 'production', settings: settings(), manifest: onShell, localDeployRoot }),
    ).rejects.toThrow(/origins of their own/);
  });

  it('is written for each environment that has a release manifest, and says why not for the others', async () => {
    const outDir = path.join(folder, 'out');
    const outcomes = await writeProductionEdgeConfigs({ deployRoot: localDeployRoot, outDir });
    expect(outcomes).toEqual([
      { env: 'production', written: path.join(outDir, 'production', 'nginx.conf'), revision: 12 },
      { env: 'staging', written: null, why: expect.stringMatching(/no release manifest/) },
    ]);
    expect(readFileSync(path.join(outDir, 'production', 'nginx.conf'), 'utf8')).toContain('"revision\\":12');
  });
});
