// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as headers from './policy.mjs';
import { remoteForPath } from '@loyalty/shared/router';
import registry from '../lib/remotes.cjs';
import { TELEMETRY_ROUTES as RECEIVER_ROUTES } from '@loyalty/shared/telemetry';

const remoteMounts = registry.mounts;

const {
  TELEMETRY_ROUTES,
  PAGE_HEADERS,
  cspReportUrl,
  reportingEndpoints,
  shellPageLinks,
  COMMON_SECURITY_HEADERS,
  remoteContentSecurityPolicy,
  remoteOriginsOf,
  shellContentSecurityPolicy,
  shellPageHeaders,
} = headers as {
  TELEMETRY_ROUTES: Array<{ path: string; bodyBytes: number }>;
  PAGE_HEADERS: Record<string, string>;
  cspReportUrl(shellOrigin: string): string;
  reportingEndpoints(url: string): string;
  shellPageLinks(input: {
    manifest: unknown;
    apiUrl: string;
    shellOrigin: string;
    remoteMounts: Record<string, string>;
    landingScriptsOf(entry: URL): Promise<LandingScript[]>;
  }): Promise<{ boundaries: Array<{ path: string; exact: boolean; link: string | null }>; otherwise: string | null }>;
  COMMON_SECURITY_HEADERS: Record<string, string>;
  remoteOriginsOf(manifest: unknown, pageOrigin?: string): { scripts: string[]; fetched: string[] };
  shellContentSecurityPolicy(input: { manifest: unknown; apiUrl: string; shellOrigin: string }): string;
  shellPageHeaders(input: {
    manifest: unknown;
    apiUrl: string;
    shellOrigin: string;
    pathname?: string;
    remoteMounts?: Record<string, string> | null;
    landingScripts?: LandingScript[];
  }): Record<string, string>;
  remoteContentSecurityPolicy(input: { apiUrl: string; shellOrigin: string }): string;
};

type LandingScript = { url: string; integrity?: string };

const SHELL = 'http://localhost:8080';
const API = 'http://localhost:3000';

/** The policy as directive → sources, so each test reads the one it is about. */
function parse(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const release = (entry: string, version = '1.0.0') => ({ version, entry });
const manifest = (remotes: Record<string, unknown>) => ({ schemaVersion: 1, environment: 'e2e', revision: 1, remotes });

describe('the Content-Security-Policy of the preview', () => {
  const local = manifest({
    mf_auth: { stable: release('http://localhost:8081/remoteEntry.js') },
    mf_points: { stable: release('http://localhost:8082/remoteEntry.js') },
  });

  it("allows the shell's scripts only from itself and the manifest's remote origins", () => {
    const policy = parse(shellContentSecurityPolicy({ manifest: local, apiUrl: API, shellOrigin: SHELL }));
    expect(policy['script-src']).toEqual(["'self'", 'http://localhost:8081', 'http://localhost:8082']);
    expect(policy['connect-src']).toEqual(["'self'", API]);
  });

  it('allows no inline script, no eval, no plugins, no framing and no foreign <base>', () => {
    const text = shellContentSecurityPolicy({ manifest: local, apiUrl: `${API}/`, shellOrigin: SHELL });
    const policy = parse(text);
    expect(text).not.toMatch(/unsafe-eval|unsafe-hashes|strict-dynamic|\*/);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    // Pictures from the API alone besides the page's own (rewards' pictures).
    expect(policy['img-src']).toEqual(["'self'", 'data:', API]);
    // Emotion's <style> elements: styles only.
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('follows every release QA may load: stable, canary and earlier ones, each origin once', () => {
    const released = manifest({
      mf_points: {
        stable: release('https://cdn.example/mf-points/1.1.0/remoteEntry.js', '1.1.0'),
        canary: { ...release('https://canary.example/mf-points/1.2.0/remoteEntry.js', '1.2.0'), percent: 10 },
        previous: [release('https://old.example/mf-points/1.0.0/remoteEntry.js')],
      },
      mf_profile: { stable: release('https://cdn.example/mf-profile/2.0.0/remoteEntry.js', '2.0.0') },
    });
    expect(
      parse(shellContentSecurityPolicy({ manifest: released, apiUrl: API, shellOrigin: SHELL }))['script-src'],
    ).toEqual(["'self'", 'https://cdn.example', 'https://canary.example', 'https://old.example']);
  });

  it('lets the runtime fetch a remote that is released as a federation manifest', () => {
    const released = manifest({
      mf_points: { stable: release('https://cdn.example/mf-points/1.1.0/mf-manifest.json') },
      mf_auth: { stable: release('https://auth.example/remoteEntry.js') },
    });
    expect(remoteOriginsOf(released, SHELL)).toEqual({
      scripts: ['https://cdn.example', 'https://auth.example'],
      fetched: ['https://cdn.example'],
    });
    expect(
      parse(shellContentSecurityPolicy({ manifest: released, apiUrl: API, shellOrigin: SHELL }))['connect-src'],
    ).toEqual(["'self'", API, 'https://cdn.example']);
  });

  it('takes only origins from a manifest: no keyword, path, scheme or directive gets in', () => {
    const hostile = manifest({
      a: { stable: release("https://ok.example/x.js; script-src 'unsafe-inline'") },
      b: { stable: release("'unsafe-eval'") },
      c: { stable: release('javascript:alert(1)') },
      d: { stable: release('data:text/javascript,alert(1)') },
      e: { stable: release('/same-origin/remoteEntry.js') },
      f: { stable: { version: '1' } },
    });
    const text = shellContentSecurityPolicy({ manifest: hostile, apiUrl: API, shellOrigin: SHELL });
    // A relative entry (and "'unsafe-eval'" read as a relative path) is the shell's own origin: 'self'.
    expect(parse(text)['script-src']).toEqual(["'self'", 'https://ok.example']);
    expect(text).not.toMatch(/unsafe-eval|javascript|data:text/);
    expect(text).toBe(
      shellContentSecurityPolicy({
        manifest: manifest({ a: { stable: release('https://ok.example/remoteEntry.js') } }),
        apiUrl: API,
        shellOrigin: SHELL,
      }),
    );
  });

  it('allows no remote when the manifest cannot be read', () => {
    const policy = parse(shellContentSecurityPolicy({ manifest: null, apiUrl: API, shellOrigin: SHELL }));
    expect(policy['script-src']).toEqual(["'self'"]);
  });

  it("gives a remote's standalone page its own scripts and the API", () => {
    const policy = parse(remoteContentSecurityPolicy({ apiUrl: `${API}/base/`, shellOrigin: SHELL }));
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'", API]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('sends nosniff and a referrer policy with every response', () => {
    expect(COMMON_SECURITY_HEADERS).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
  });
});

describe("the shell page's headers", () => {
  it('carry the policy, and a preconnect to each remote origin of the manifest, in CORS mode', () => {
    const released = manifest({
      mf_auth: { stable: release('http://localhost:8081/remoteEntry.js') },
      mf_points: {
        stable: release('https://cdn.example/mf-points/1.0.0/remoteEntry.js'),
        canary: release('https://cdn.example/mf-points/1.1.0/remoteEntry.js', '1.1.0'),
      },
      mf_profile: { stable: release('/mf-profile/remoteEntry.js') },
    });
    const pageHeaders = shellPageHeaders({ manifest: released, apiUrl: API, shellOrigin: SHELL });
    expect(pageHeaders['Content-Security-Policy']).toBe(
      shellContentSecurityPolicy({ manifest: released, apiUrl: API, shellOrigin: SHELL }),
    );
    // One per origin, and none to the page's own origin, whose connection is already open.
    expect(pageHeaders['Link']).toBe(
      '<http://localhost:8081>; rel=preconnect; crossorigin, <https://cdn.example>; rel=preconnect; crossorigin',
    );
  });

  it('name nothing to preconnect to when the manifest cannot be read', () => {
    const pageHeaders = shellPageHeaders({ manifest: null, apiUrl: API, shellOrigin: SHELL });
    expect(Object.keys(pageHeaders)).toEqual(['Content-Security-Policy']);
  });
});

describe("the shell page's preload of its remote's entry", () => {
  const released = manifest({
    mf_auth: { stable: release('http://localhost:8081/remoteEntry.js') },
    mf_points: {
      stable: { ...release('https://cdn.example/mf-points/1.0.0/remoteEntry.js'), integrity: 'sha384-abc+/def=' },
    },
    mf_profile: {
      stable: release('https://cdn.example/mf-profile/1.0.0/remoteEntry.js'),
      canary: release('https://cdn.example/mf-profile/1.1.0/remoteEntry.js', '1.1.0'),
    },
  });
  const preloads = (pathname: string, input: Partial<Parameters<typeof shellPageHeaders>[0]> = {}) =>
    (
      shellPageHeaders({ manifest: released, apiUrl: API, shellOrigin: SHELL, pathname, remoteMounts, ...input })[
        'Link'
      ] ?? ''
    )
      .split(', ')
      .filter((link) => link.includes('rel=preload'));

  it('names the entry of the remote that renders the page, in CORS mode and at low priority', () => {
    expect(preloads('/auth/login')).toEqual([
      '<http://localhost:8081/remoteEntry.js>; rel=preload; as=script; crossorigin; fetchpriority=low',
    ]);
    // The home page belongs to mf-auth.
    expect(preloads('/')).toEqual(preloads('/auth/login'));
  });

  it("carries the release's integrity, which the entry's script element has too", () => {
    expect(preloads('/dashboard/transactions')).toEqual([
      '<https://cdn.example/mf-points/1.0.0/remoteEntry.js>; rel=preload; as=script; crossorigin; fetchpriority=low; integrity="sha384-abc+/def="',
    ]);
  });

  it('preloads nothing where the member picks the release (a canary), or no remote renders the page', () => {
    expect(preloads('/dashboard/user/account')).toEqual([]);
    expect(preloads('/404')).toEqual([]);
    expect(preloads('/authority')).toEqual([]);
  });

  it('preloads nothing for a federation manifest, an entry that is not http(s), or an integrity that is not one', () => {
    const odd = manifest({
      mf_auth: { stable: release('https://cdn.example/mf-auth/mf-manifest.json') },
      mf_points: { stable: release('javascript:alert(1)') },
      mf_profile: { stable: { ...release('https://cdn.example/p/remoteEntry.js'), integrity: 'sha384-x"; rel=x' } },
    });
    expect(preloads('/auth/login', { manifest: odd })).toEqual([]);
    expect(preloads('/dashboard', { manifest: odd })).toEqual([]);
    expect(preloads('/dashboard/user/account', { manifest: odd })).toEqual([]);
  });

  it('preloads nothing without the mount table, or when the manifest cannot be read', () => {
    expect(preloads('/auth/login', { remoteMounts: null })).toEqual([]);
    expect(preloads('/auth/login', { manifest: null })).toEqual([]);
  });

  it('names after the entry the scripts it asks for at once, in CORS mode and at low priority', () => {
    const landingScripts = [
      { url: 'http://localhost:8081/42.js' },
      { url: 'http://localhost:8081/texts-auth-en-json.js' },
    ];
    expect(preloads('/auth/login', { landingScripts })).toEqual([
      '<http://localhost:8081/remoteEntry.js>; rel=preload; as=script; crossorigin; fetchpriority=low',
      '<http://localhost:8081/42.js>; rel=preload; as=script; crossorigin; fetchpriority=low',
      '<http://localhost:8081/texts-auth-en-json.js>; rel=preload; as=script; crossorigin; fetchpriority=low',
    ]);
    // Without the entry's preload (a canary), its scripts are not preloaded either.
    expect(preloads('/dashboard/user/account', { landingScripts })).toEqual([]);
  });

  it('gives each script the integrity its script tag carries, and none that is not a well-formed SRI', () => {
    const integrity = `sha384-${'A'.repeat(64)}`;
    const landingScripts = [
      { url: 'http://localhost:8081/42.js', integrity },
      { url: 'http://localhost:8081/43.js', integrity: 'sha384-"; rel=stylesheet' },
    ];
    expect(preloads('/auth/login', { landingScripts }).slice(1)).toEqual([
      `<http://localhost:8081/42.js>; rel=preload; as=script; crossorigin; fetchpriority=low; integrity="${integrity}"`,
      '<http://localhost:8081/43.js>; rel=preload; as=script; crossorigin; fetchpriority=low',
    ]);
  });

  it("preloads only the entry on the signed-in pages, where the shell's layout and the figures come first", () => {
    const landingScripts = [{ url: 'https://cdn.example/mf-points/1.0.0/42.js' }];
    for (const pathname of ['/dashboard', '/dashboard/', '/dashboard/claim']) {
      expect(preloads(pathname, { landingScripts })).toEqual(preloads(pathname));
      expect(preloads(pathname)).toHaveLength(1);
    }
  });
});

describe("the pages' reporting and other headers", () => {
  it("report violations to one address on the shell's origin, which the telemetry receiver takes", () => {
    // The edge passes on every route of the receiver, each with the body size the receiver takes.
    expect(TELEMETRY_ROUTES.map(({ path }) => path)).toEqual(Object.values(RECEIVER_ROUTES));
    const url = cspReportUrl(SHELL);
    expect(url).toBe(`${SHELL}/telemetry/v1/csp`);
    for (const policy of [
      shellContentSecurityPolicy({ manifest: null, apiUrl: API, shellOrigin: SHELL }),
      remoteContentSecurityPolicy({ apiUrl: API, shellOrigin: SHELL }),
    ]) {
      expect(parse(policy)['report-to']).toEqual(['csp']);
      expect(parse(policy)['report-uri']).toEqual([url]);
    }
    expect(reportingEndpoints(url)).toBe(`csp="${url}"`);
  });

  it('keep other sites from holding the page, and powerful features off (fullscreen and passkeys for the page only)', () => {
    expect(PAGE_HEADERS['Cross-Origin-Opener-Policy']).toBe('same-origin');
    const features = Object.fromEntries(
      PAGE_HEADERS['Permissions-Policy']!.split(', ').map((feature) => feature.split('=') as [string, string]),
    );
    expect(features).toMatchObject({ camera: '()', microphone: '()', geolocation: '()', payment: '()' });
    expect(features['fullscreen']).toBe('(self)');
    // The sign-in page and the profile use passkeys; a frame of another origin never may.
    expect(features['publickey-credentials-get']).toBe('(self)');
    expect(features['publickey-credentials-create']).toBe('(self)');
  });

  it('take no origin a DNS name cannot have', () => {
    const odd = manifest({ a: { stable: release('https://$host.example/remoteEntry.js') } });
    expect(parse(shellContentSecurityPolicy({ manifest: odd, apiUrl: API, shellOrigin: SHELL }))['script-src']).toEqual(
      ["'self'"],
    );
  });
});

describe("the shell page's Link header by path, as a server table", () => {
  const released = manifest({
    mf_auth: { stable: release('http://localhost:8081/remoteEntry.js') },
    mf_points: { stable: release('https://cdn.example/mf-points/1.0.0/remoteEntry.js') },
    mf_profile: { stable: release('https://cdn.example/mf-profile/1.0.0/remoteEntry.js') },
  });
  const landingScripts = (entry: URL) =>
    Promise.resolve([{ url: new URL('landing.js', entry).href, integrity: `sha384-${'B'.repeat(64)}` }]);

  /** The boundary rule: the longest boundary the path is (or is under), the home page only itself. */
  function fromTable(table: Awaited<ReturnType<typeof shellPageLinks>>, pathname: string) {
    const hit = table.boundaries.find(({ path, exact }) =>
      exact ? pathname === path : pathname === path || pathname.startsWith(`${path}/`),
    );
    return hit ? hit.link : table.otherwise;
  }

  it('gives every path the headers worked out for it alone', async () => {
    const table = await shellPageLinks({
      manifest: released,
      apiUrl: API,
      shellOrigin: SHELL,
      remoteMounts,
      landingScriptsOf: landingScripts,
    });
    const pathnames = ['/', '/auth', '/auth/login', '/auth/register/code', '/authority', '/dashboard', '/dashboard/'];
    pathnames.push(
      '/dashboard/claim',
      '/dashboard/user',
      '/dashboard/user/account',
      '/dashboard/username',
      '/404',
      '/x',
    );
    for (const pathname of pathnames) {
      const landing = await landingScripts(new URL(released.remotes.mf_auth.stable.entry));
      const alone = shellPageHeaders({
        manifest: released,
        apiUrl: API,
        shellOrigin: SHELL,
        pathname,
        remoteMounts,
        landingScripts: remoteForPath(pathname) === 'mf_auth' ? landing : undefined,
      });
      expect([pathname, fromTable(table, pathname)]).toEqual([pathname, alone['Link'] ?? null]);
    }
  });
});
