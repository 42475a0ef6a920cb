import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as generator from './nginx-config.mjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as nginxProcess from './nginx.mjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as policy from './policy.mjs';
import registry from '../lib/remotes.cjs';

const remoteMounts = registry.mounts;

/** A site as nginx-config.mjs takes it. */
interface EdgeSite {
  name: string;
  listen: string[];
  serverName: string;
  roots: string[];
  pageRoot?: string;
  pages: boolean;
  documents?: Record<string, unknown>;
  cors: boolean;
  contentSecurityPolicy: string;
  reportUrl: string;
  pageLinks?: { boundaries: Array<{ path: string; exact: boolean; link: string | null }>; otherwise: string | null };
  apiUpstream?: string;
  telemetryUpstreams?: string[];
  tls?: { certificate: string; key: string };
}

const { nginxConfig, quoted, jsonBody } = generator as {
  nginxConfig(edge: Record<string, unknown>): string;
  quoted(value: string, options?: { regex?: boolean }): string;
  jsonBody(document: unknown): string;
};
const { ensureNginx, prepareRuntimeDir } = nginxProcess as {
  ensureNginx(): { nginx: string; brotliModule: string | null };
  prepareRuntimeDir(folder: string): void;
};
const { CSP_REPORT_PATH, EDGE_LIMITS, EDGE_REFUSAL_PATH, shellContentSecurityPolicy, shellPageLinks } = policy as {
  CSP_REPORT_PATH: string;
  EDGE_REFUSAL_PATH: string;
  EDGE_LIMITS: Record<string, number>;
  shellContentSecurityPolicy(input: Record<string, unknown>): string;
  shellPageLinks(input: Record<string, unknown>): Promise<EdgeSite['pageLinks']>;
};

/** The receivers' key (TELEMETRY_PASS_SECRET) the edge checks reporter cookies with. */
const reporterSecret = { value: 'a-key-of-the-receivers-32-characters-long' };

/** What nginx reads back from one of its double-quoted strings (ngx_conf_read_token). */
const ESCAPED: Record<string, string> = { '"': '"', "'": "'", '\\': '\\', n: '\n', r: '\r', t: '\t' };
const unquote = (text: string) => text.slice(1, -1).replace(/\\(["'\\nrt])/g, (_, char: string) => ESCAPED[char]!);

describe('values written into the configuration', () => {
  it('are quoted so that nginx reads them back as they were', () => {
    for (const value of [`csp="http://x/y"`, "script-src 'self'", 'a\\b', '{ } ; #']) {
      expect(unquote(quoted(value))).toBe(value);
    }
  });

  it('can neither start a variable nor hold a control character', () => {
    expect(() => quoted('$host')).toThrow(/\$/);
    expect(() => quoted('a\nserver { }')).toThrow();
    expect(() => quoted('a\u0000b')).toThrow();
    expect(quoted('^/a(?:/|$)', { regex: true })).toBe('"^/a(?:/|$)"');
  });

  it('carry a JSON document with a "$" in it as the same JSON', () => {
    const document = { actor: 'a$b', entry: 'https://x.example/"quoted"\\' };
    const body = jsonBody(document);
    expect(body).not.toContain('$');
    expect(JSON.parse(unquote(body))).toEqual(document);
  });
});

const SHELL = 'http://localhost:8080';
const release = (entry: string) => ({ version: '1.0.0', entry });

/** The shell's site for a manifest, as the preview builds it, with folders that need not exist. */
async function shellSite(manifest: unknown): Promise<EdgeSite> {
  return {
    name: 'shell',
    listen: ['127.0.0.1:8080'],
    serverName: 'localhost',
    roots: ['/srv/shell'],
    pageRoot: '/srv/shell',
    pages: true,
    documents: { '/release-manifest.json': manifest },
    cors: false,
    contentSecurityPolicy: shellContentSecurityPolicy({ manifest, apiUrl: SHELL, shellOrigin: SHELL }),
    reportUrl: `${SHELL}${CSP_REPORT_PATH}`,
    pageLinks: await shellPageLinks({
      manifest,
      apiUrl: SHELL,
      shellOrigin: SHELL,
      remoteMounts,
      landingScriptsOf: async () => [
        { url: 'http://localhost:8081/a.js', integrity: `sha384-${'A'.repeat(64)}` },
        { url: 'http://localhost:8081/$x.js' },
      ],
    }),
    apiUpstream: 'http://localhost:3000',
    // Two receivers: reports are spread over both, and Prometheus sums what each counted.
    telemetryUpstreams: ['http://127.0.0.1:8090', 'http://127.0.0.1:8091'],
  };
}

describe('the generated configuration', () => {
  let runtimeDir: string;
  beforeEach(() => {
    runtimeDir = mkdtempSync(path.join(tmpdir(), 'edge-config-'));
    prepareRuntimeDir(runtimeDir);
  });
  afterEach(() => rmSync(runtimeDir, { recursive: true, force: true }));

  /** `nginx -t` on `config`: what nginx itself says of it. */
  function nginxAccepts(config: string): { ok: boolean; said: string } {
    const { nginx } = ensureNginx();
    const file = path.join(runtimeDir, 'nginx.conf');
    writeFileSync(file, config);
    const tested = spawnSync(nginx, ['-t', '-p', runtimeDir, '-e', path.join(runtimeDir, 'error.log'), '-c', file], {
      encoding: 'utf8',
    });
    return { ok: tested.status === 0, said: tested.stderr };
  }

  it('is one nginx accepts, with the Brotli module where it is installed', async () => {
    const { brotliModule } = ensureNginx();
    const config = nginxConfig({
      reporterSecret,
      sites: [await shellSite({ remotes: { mf_auth: { stable: release('http://localhost:8081/remoteEntry.js') } } })],
      runtimeDir,
      brotliModule,
      errorLog: path.join(runtimeDir, 'error.log'),
    });
    const { ok, said } = nginxAccepts(config);
    expect([ok, said]).toEqual([true, expect.stringMatching(/test is successful/)]);
    if (brotliModule) {
      expect(config).toContain(`load_module ${brotliModule};`);
      expect(config).toMatch(/^\s*brotli_static on;$/m);
    } else expect(config).toContain('# No Brotli module on this machine');
  });

  it('keeps its pid, logs and temporary files in its own folder', async () => {
    const config = nginxConfig({
      reporterSecret,
      sites: [await shellSite(null)],
      runtimeDir,
      errorLog: `${runtimeDir}/error.log`,
    });
    const paths = [...config.matchAll(/^\s*(?:pid|error_log|access_log|\w+_temp_path) ([^;\s]+)/gm)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThanOrEqual(7);
    for (const file of paths) expect(file === 'off' || file!.startsWith(runtimeDir)).toBe(true);
  });

  it('takes no directive from a hostile release manifest', async () => {
    const hostile = {
      remotes: {
        mf_auth: { stable: release('http://localhost:8081/x";} server { listen 9; } #/remoteEntry.js') },
        mf_points: { stable: release('https://$host.example/remoteEntry.js') },
        mf_profile: { stable: { ...release('https://p.example/remoteEntry.js'), integrity: 'sha384-a"; }' } },
        x: { stable: release('https://ok.example/\n}\nserver { }/remoteEntry.js'), note: '$request_uri ${x}' },
      },
    };
    const config = nginxConfig({
      reporterSecret,
      sites: [await shellSite(hostile)],
      runtimeDir,
      errorLog: `${runtimeDir}/error.log`,
    });
    const { ok, said } = nginxAccepts(config);
    expect([ok, said]).toEqual([true, expect.any(String)]);
    // The site's server, and the edge's own for notices of refused reports and for its pages' asks
    // for reporter cookies (each on a Unix socket).
    expect(config.match(/^\s*server \{/gm)).toHaveLength(3);
    expect(config.match(/^\s*listen (?!unix:)/gm)).toHaveLength(1);
    // The manifest is served as it is, its `$` written as JSON escapes.
    const served = /location = \/release-manifest\.json \{[^]*?return 200 (".*");$/m.exec(config)?.[1];
    expect(JSON.parse(unquote(served!))).toEqual(hostile);
  });

  it("passes the receivers' two report routes on to every receiver listed, and nothing else under /telemetry/", async () => {
    const config = nginxConfig({
      reporterSecret,
      sites: [await shellSite(null)],
      runtimeDir,
      errorLog: `${runtimeDir}/error.log`,
    });
    expect(nginxAccepts(config).ok).toBe(true);
    const receivers = /upstream site0_telemetry \{([^}]*)\}/.exec(config)?.[1];
    expect(receivers?.match(/server [^;]+;/g)).toEqual(['server 127.0.0.1:8090;', 'server 127.0.0.1:8091;']);
    const exact = (path: string) => new RegExp(`location = ${path} \\{([^}]*)\\}`).exec(config)?.[1] ?? '';
    expect(exact('/telemetry/v1/reports')).toContain('proxy_pass http://site0_telemetry/telemetry/v1/reports;');
    expect(exact('/telemetry/v1/reports')).toContain(`client_max_body_size ${EDGE_LIMITS.reportBytes! / 1024}k;`);
    expect(exact('/telemetry/v1/csp')).toContain('proxy_pass http://site0_telemetry/telemetry/v1/csp;');
    expect(exact('/telemetry/v1/csp')).toContain(`client_max_body_size ${EDGE_LIMITS.cspReportBytes! / 1024}k;`);
    for (const path of ['/telemetry/v1/reports', '/telemetry/v1/csp', '/telemetry/v1/pass']) {
      // Per reporter (its cookie's id) and per address without one; no zone reporters share.
      expect(exact(path).match(/limit_req zone=reports\w* /g)).toEqual([
        'limit_req zone=reports_per_reporter ',
        'limit_req zone=reports ',
      ]);
    }
    expect(config).not.toContain('reports_per_address');
    // The reporter is a cookie's id once its token is checked (secure_link), with the receivers' key.
    expect(config).toContain('map $secure_link $report_reporter {');
    expect(config).toContain('secure_link "$reporter_token,$reporter_expires";');
    // The token covers the client it was minted to, as the receivers key it (decision 076).
    expect(config).toContain(
      'secure_link_md5 "reporter:$reporter_expires:$reporter_id:$reporter_client:$reporter_secret";',
    );
    expect(config).toContain('map $remote_addr $reporter_client_prefix {');
    expect(config).toContain('map $reporter_client_prefix $reporter_client {');
    expect(config).toContain(`map "" $reporter_secret { default "${reporterSecret.value}"; }`);
    expect(exact('/telemetry/v1/pass')).toContain('proxy_set_header X-Loyalty-Reporter $report_reporter;');
    expect(config).toContain('limit_req_zone $report_anonymous zone=reports:');
    expect(/location \/telemetry\/ \{([^}]*)\}/.exec(config)?.[1]).toContain('return 404;');
    // A refused report is told to the receivers, through the edge's own socket, at a rate bounded
    // for every client together; the member is answered 429 whatever becomes of the notice.
    const named = (name: string) => new RegExp(`location ${name} \\{([^}]*)\\}`).exec(config)?.[1] ?? '';
    for (const path of ['/telemetry/v1/reports', '/telemetry/v1/pass']) {
      expect(exact(path)).toContain('error_page 429 =429 @site0_report_refused;');
      expect(exact(path)).toContain('recursive_error_pages on;');
    }
    const notice = named('@site0_report_refused');
    expect(notice).toContain(`rewrite ^ ${EDGE_REFUSAL_PATH} break;`);
    expect(notice).toContain('proxy_pass_request_body off;');
    expect(notice).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(notice).toContain('proxy_pass http://site0_refusal_notices;');
    expect(notice).toContain('error_page 429 500 502 503 504 =429 @site0_report_refused_answer;');
    expect(named('@site0_report_refused_answer')).toContain('return 429 "{\\"error\\":');
    const socket = `${runtimeDir}/loyalty-edge-site0-refusals.sock`;
    expect(config).toContain(`server unix:${socket};`);
    expect(config).toContain(`listen unix:${socket};`);
    expect(config).toMatch(/limit_req_zone "all" zone=refusal_notices:\S+ rate=\d+r\/s;/);
    const relay = exact(EDGE_REFUSAL_PATH);
    expect(relay).toContain(`limit_req zone=refusal_notices burst=${EDGE_LIMITS.refusalNoticeBurst} nodelay;`);
    expect(relay).toContain('proxy_set_header X-Forwarded-For $http_x_forwarded_for;');
    expect(relay).toContain('proxy_pass http://site0_telemetry;');
    // A page's ask for a reporter cookie goes through the edge's own socket too, where its address's
    // asks are counted; past them, or refused, the page goes without a cookie.
    const mintSocket = `${runtimeDir}/loyalty-edge-site0-reporter-mints.sock`;
    const ask = /location = \/internal\/site0\/reporter-cookie \{([^]*?)\n\s*\}$/m.exec(config)?.[1];
    expect(ask).toContain('proxy_pass http://site0_reporter_mint_asks/internal/reporter-cookie;');
    expect(ask).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(ask).toMatch(/error_page [^;]*\b429\b[^;]*= @site0_no_reporter_cookie;/);
    expect(config).toContain(`listen unix:${mintSocket};`);
    expect(config).toMatch(
      new RegExp(
        `limit_req_zone \\$http_x_forwarded_for zone=reporter_mint_asks:\\S+ rate=${EDGE_LIMITS.reporterMintAsksPerSecond}r/s;`,
      ),
    );
    const asked = new RegExp(`listen unix:${mintSocket};[^]*?location = /internal/reporter-cookie \\{([^}]*)\\}`).exec(
      config,
    )?.[1];
    expect(asked).toContain(`limit_req zone=reporter_mint_asks burst=${EDGE_LIMITS.reporterMintAskBurst} nodelay;`);
    expect(asked).toContain('proxy_set_header X-Forwarded-For $http_x_forwarded_for;');
    expect(asked).toContain('proxy_pass http://site0_telemetry/internal/reporter-cookie;');
    // A receiver's own routes (its metrics, its health) are named nowhere.
    expect(config).not.toMatch(/(?:location|proxy_pass)[^;{]*(?:metrics|health)/);
  });

  it('serves a site with a certificate over TLS with HTTP/2 on each of its addresses, and one without over plain HTTP', async () => {
    const tls = { certificate: '/srv/tls/certificate.pem', key: '/srv/tls/key.pem' };
    const site = { ...(await shellSite(null)), listen: ['127.0.0.1:8080', '[::1]:8080'] };
    const over = nginxConfig({
      reporterSecret,
      sites: [{ ...site, tls }],
      runtimeDir,
      errorLog: `${runtimeDir}/error.log`,
    });
    expect(over.match(/^\s*listen (?!unix:).*;$/gm)?.map((line) => line.trim())).toEqual([
      'listen 127.0.0.1:8080 ssl http2;',
      'listen [::1]:8080 ssl http2;',
    ]);
    expect(over).toContain(`ssl_certificate ${tls.certificate};`);
    expect(over).toContain(`ssl_certificate_key ${tls.key};`);
    expect(over).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
    // HSTS on every answer of the TLS origin (the API's included), briefly: the host is a developer's.
    expect(over).toMatch(/add_header Strict-Transport-Security "max-age=300" always;/);
    expect(over).not.toMatch(/Strict-Transport-Security "max-age=300"[^\n]*includeSubDomains/);
    const plain = nginxConfig({ reporterSecret, sites: [site], runtimeDir, errorLog: `${runtimeDir}/error.log` });
    expect(plain).not.toMatch(/listen [^;]*(ssl|http2)|ssl_|Strict-Transport-Security/);
    expect(() =>
      nginxConfig({
        reporterSecret,
        sites: [{ ...site, tls: { ...tls, key: '/srv/tls/key.pem; user root' } }],
        runtimeDir,
      }),
    ).toThrow(/path/);
  });

  it('refuses a file path or an upstream that could break it', async () => {
    const site = await shellSite(null);
    expect(() => nginxConfig({ reporterSecret, sites: [{ ...site, roots: ['/srv/a;b'] }], runtimeDir })).toThrow(
      /path/,
    );
    expect(() =>
      nginxConfig({ reporterSecret, sites: [{ ...site, apiUpstream: 'http://api.example/base/' }], runtimeDir }),
    ).toThrow(/origin/);
    expect(() =>
      nginxConfig({
        reporterSecret,
        sites: [{ ...site, telemetryUpstreams: ['http://r.example:8090/x'] }],
        runtimeDir,
      }),
    ).toThrow(/telemetry upstream/);
    expect(() =>
      nginxConfig({ reporterSecret, sites: [{ ...site, listen: ['8080; user root'] }], runtimeDir }),
    ).toThrow(/listen/);
  });

  it("needs the receivers' key to pass reports on, and refuses one that could break it", async () => {
    const sites = [await shellSite(null)];
    const previous = process.env.TELEMETRY_PASS_SECRET;
    delete process.env.TELEMETRY_PASS_SECRET;
    try {
      expect(() => nginxConfig({ sites, runtimeDir })).toThrow(/TELEMETRY_PASS_SECRET/);
    } finally {
      if (previous !== undefined) process.env.TELEMETRY_PASS_SECRET = previous;
    }
    for (const value of ['short', `${'k'.repeat(32)}"; } server { listen 9; #`, `${'k'.repeat(32)}$host`]) {
      expect(() => nginxConfig({ sites, runtimeDir, reporterSecret: { value } })).toThrow(/TELEMETRY_PASS_SECRET/);
    }
    expect(() => nginxConfig({ sites, runtimeDir, reporterSecret: { file: '/etc/x.conf; user root' } })).toThrow(
      /path/,
    );
  });
});
