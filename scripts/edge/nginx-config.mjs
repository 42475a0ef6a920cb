// Writes the portal's policy (policy.mjs) as an nginx configuration: one `server` per origin. The
// policy says what to send and refuse; this module only says it in nginx's words. Every value that
// comes from outside the repository (a release manifest, an origin) goes through `quoted`, which
// refuses what could end a string or start a variable, so no manifest can add a directive.
import { createRequire } from 'node:module';
import {
  ABSOLUTE_FORM_REQUEST,
  API_CONTENT_SECURITY_POLICY,
  API_PATH,
  API_PATHS_NEVER_PASSED_ON,
  API_PICTURES,
  CACHE_CONTROL,
  COMPRESS_ON_THE_FLY_FROM_BYTES,
  COMMON_SECURITY_HEADERS,
  CONTENT_TYPES,
  EDGE_LIMITS,
  EDGE_REFUSAL_PATH,
  FILE_EXTENSION,
  FILES_CHECKED_EVERY_SECONDS,
  HASHED_FILE,
  LOCAL_STRICT_TRANSPORT_SECURITY,
  PAGE_HEADERS,
  PATH_REFUSED,
  PRECOMPRESSED_ENCODINGS,
  REFUSE_HTTP_09,
  REPORTER_COOKIE,
  REPORTER_CHECKED_HEADER,
  REPORTER_COOKIE_VALUE,
  REPORTER_MINT_PATH,
  REPORTER_SECRET,
  REPORTS_REFUSED_MESSAGE,
  STRICT_TRANSPORT_SECURITY,
  TELEMETRY_PATH,
  TELEMETRY_ROUTES,
  TEXT_TYPES,
  TLS_PROFILE,
  reportingEndpoints,
  reporterTokenInput,
} from './policy.mjs';
import { FIRST_PAINT_LOCATION } from './first-paint.mjs';

const require = createRequire(import.meta.url);
const { slotVariable } = require('../../webpack/first-paint/slots.cjs');

/**
 * `value` as an nginx string in double quotes. A `$` would start a variable and cannot be escaped
 * in nginx, control characters have no place in a header: both are refused. Regular expressions
 * (`regex`) may end with `$`, which nginx reads as the end of the subject there.
 */
export function quoted(value, { regex = false } = {}) {
  const text = String(value);
  const hasControl = [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  if (hasControl) throw new Error(`not written into the edge's configuration: ${JSON.stringify(text)}`);
  if (!regex && text.includes('$')) throw new Error(`a "$" cannot be written into the edge's configuration: ${text}`);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A JSON document as the literal body of a `return`: `$` in its strings becomes `\u0024`, the same JSON. */
export function jsonBody(document) {
  return quoted(JSON.stringify(document).replace(/\$/g, '\\u0024'));
}

/** An absolute file path, refused when it could break the configuration. */
function filePath(value) {
  if (!/^\/[A-Za-z0-9._\-/+@]*$/.test(value)) throw new Error(`an unusual path for the edge's configuration: ${value}`);
  return value;
}

/** An address or a CIDR block (`203.0.113.0/24`, `2001:db8::/32`). */
function cidrBlock(value) {
  if (!/^[0-9a-fA-F:.]+(?:\/\d{1,3})?$/.test(value)) throw new Error(`not an address or CIDR block: ${value}`);
  return value;
}

/** A `listen` address: `host:port` or `[v6]:port`, or a port alone. */
function listenAddress(value) {
  if (!/^(?:[A-Za-z0-9.-]+:|\[[0-9a-fA-F:.]+\]:)?\d{1,5}$/.test(String(value)))
    throw new Error(`not a listen address: ${value}`);
  return String(value);
}

/** A path prefix of a location: `/` + safe characters + `/`. */
function filePrefix(value) {
  if (!/^\/(?:[A-Za-z0-9._-]+\/)*$/.test(value)) throw new Error(`not a path prefix: ${value}`);
  return value;
}

/** A server name (a host name), or `_` for any. */
function serverName(value) {
  if (!/^(?:_|[A-Za-z0-9.-]+|\[[0-9a-fA-F:.]+\])$/.test(value)) throw new Error(`not a host name: ${value}`);
  return value;
}

const indent = (lines, depth = 1) =>
  lines
    .flat(Infinity)
    .filter((line) => line !== null && line !== undefined && line !== false)
    .map((line) => (line === '' ? '' : `${'    '.repeat(depth)}${line}`));

const block = (head, lines) => [`${head} {`, ...indent(lines), '}'];

/** `add_header` lines; `always` ones go on errors too. A value starting with `$` is a variable of ours. */
const headers = (entries, { always = true } = {}) =>
  Object.entries(entries).map(
    ([name, value]) => `add_header ${name} ${value.startsWith('$') ? value : quoted(value)}${always ? ' always' : ''};`,
  );

/**
 * @typedef {object} Site  one origin of the portal
 * @property {string} name          a short identifier (`shell`, `mf_auth`): names its variables
 * @property {string[]} listen      addresses to listen on (`127.0.0.1:8080`, `[::1]:8080`, `80`)
 * @property {{ certificate: string, key: string }} [tls]  serve TLS with HTTP/2 with this
 *   certificate and key (files); without, plain HTTP/1.1 (TLS ends at a CDN in front)
 * @property {string} serverName    its host name
 * @property {string[]} roots       folders of its files; the first that has a file serves it
 * @property {string[]} [filePrefixes]  only paths under these (`/mf-points/`) name files; others 404
 * @property {boolean} pages        paths without an extension are its pages (the SPA fallback)
 * @property {string} [pageRoot]    the folder of its `index.html`, with `pages`
 * @property {Record<string, unknown>} [documents]  JSON documents by path (`/config.json`), written
 *   into the configuration, so they change with it at once
 * @property {boolean} cors         any origin may fetch its files (remotes)
 * @property {string} [contentSecurityPolicy]  of its pages; an origin without pages gets the
 *   policy of a document that runs nothing, for its error pages
 * @property {string} [reportUrl]   where its pages' policy reports violations
 * @property {{ boundaries: Array<{ path: string, exact: boolean, link: string | null }>, otherwise: string | null }} [pageLinks]
 *   its pages' `Link` header by path (policy.mjs, `shellPageLinks`)
 * @property {{ locations: Array<{ uri: string, file: string }>, maps: Record<string, Array<{ pattern: string, uri: string }>> }} [firstPaint]
 *   the page skeletons its pages carry by path, one slot per frame (first-paint.mjs, `firstPaintOf`):
 *   its pages are then read for server-side includes, and the fragments are served to those alone
 * @property {string} [apiUpstream] the API's origin: the site passes `/api/` on to it
 * @property {string[]} [telemetryUpstreams]  the telemetry receivers' origins: the site passes the
 *   receivers' report routes (`TELEMETRY_ROUTES`) on to them, spread over all of them (Prometheus
 *   scrapes each and sums them)
 */

/**
 * @param {object} edge
 * @param {Site[]} edge.sites
 * @param {string | null} edge.runtimeDir   folder of the pid file, the logs and the temporary
 *   files, so nginx writes nothing elsewhere (null: the system's defaults, in production)
 * @param {boolean} [edge.foreground]       `daemon off`: the caller supervises nginx
 * @param {string | null} [edge.user]       the workers' user, when nginx is started as root
 * @param {string | null} [edge.brotliModule]  the Brotli module's file; null: gzip only
 * @param {string | null} [edge.accessLog]  null: no access log
 * @param {string} [edge.errorLog]
 * @param {boolean} [edge.https]            the edge faces HTTPS (directly or behind a CDN): HSTS
 * @param {number | 'auto'} [edge.workerProcesses]
 * @param {string[]} [edge.trustedProxies]  addresses (CIDR) of a CDN or load balancer in front:
 *   the client's address is then the one they pass on in `X-Forwarded-For`
 * @param {{ value: string } | { file: string } | null} [edge.reporterSecret]  the receivers' key
 *   (TELEMETRY_PASS_SECRET) the edge checks reporter cookies with, needed when a site passes
 *   reports on: written in (`value`, a configuration in a private folder) or included from a file
 *   written by `reporterSecretFile` (`file`, a server's configuration); by default the variable's
 *   value, read where the receivers read it
 */
export function nginxConfig({
  sites,
  runtimeDir,
  foreground = false,
  user = null,
  brotliModule = null,
  accessLog = null,
  errorLog,
  https = false,
  workerProcesses = 'auto',
  trustedProxies = [],
  reporterSecret = process.env.TELEMETRY_PASS_SECRET ? { value: process.env.TELEMETRY_PASS_SECRET } : null,
}) {
  const runtime = runtimeDir ? filePath(runtimeDir) : null;
  const passesReports = sites.some((site) => site.telemetryUpstreams?.length);
  if (passesReports && !reporterSecret) {
    throw new Error(
      "the edge checks reporter cookies with the receivers' key: set TELEMETRY_PASS_SECRET (or give reporterSecret)",
    );
  }
  // The slots' variables are the http block's: one site's pages at most carry skeletons.
  if (sites.filter((site) => site.firstPaint).length > 1) throw new Error('only one site can carry page skeletons');
  const typeLines = Object.entries(
    Object.entries(CONTENT_TYPES).reduce((byType, [extension, type]) => {
      (byType[type] ??= []).push(extension);
      return byType;
    }, {}),
  ).map(([type, extensions]) => `${type} ${extensions.join(' ')};`);

  const main = [
    '# Generated from scripts/edge/policy.mjs by scripts/edge/nginx-config.mjs: do not edit, generate it again.',
    brotliModule
      ? `load_module ${filePath(brotliModule)};`
      : '# No Brotli module on this machine: precompressed gzip only.',
    user ? `user ${user};` : null,
    `worker_processes ${workerProcesses};`,
    foreground ? 'daemon off;' : null,
    runtime ? `pid ${runtime}/nginx.pid;` : null,
    errorLog ? `error_log ${filePath(errorLog)} warn;` : null,
    '',
    // Each connection is a descriptor, and a proxied request a second one.
    `worker_rlimit_nofile ${EDGE_LIMITS.connectionsPerWorker * 2 + 1024};`,
    ...block('events', [`worker_connections ${EDGE_LIMITS.connectionsPerWorker};`]),
    '',
    ...block('http', [
      'server_tokens off;',
      'sendfile on;',
      // Files kept open between requests: a rebuilt file is served from the next check on.
      'open_file_cache max=1000 inactive=20s;',
      `open_file_cache_valid ${FILES_CHECKED_EVERY_SECONDS}s;`,
      'tcp_nopush on;',
      ...block('types', typeLines),
      'default_type application/octet-stream;',
      'charset utf-8;',
      // text/html always is, and may not be named again.
      `charset_types ${TEXT_TYPES.filter((type) => type !== 'text/html').join(' ')};`,
      runtime
        ? ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (kind) => `${kind === 'client_body' ? 'client_body' : kind}_temp_path ${runtime}/temp/${kind};`,
          )
        : null,
      accessLog ? `access_log ${filePath(accessLog)} combined buffer=32k flush=1s;` : 'access_log off;',
      ...(trustedProxies.length
        ? [
            '# The client is who the CDN or load balancer in front says it is, and only them.',
            ...trustedProxies.map((cidr) => `set_real_ip_from ${cidrBlock(cidr)};`),
            'real_ip_header X-Forwarded-For;',
            'real_ip_recursive on;',
          ]
        : []),
      '',
      '# Limits of every request (policy.mjs, EDGE_LIMITS).',
      `client_header_buffer_size 1k;`,
      `large_client_header_buffers ${EDGE_LIMITS.headerBuffers} ${EDGE_LIMITS.headerLineBytes / 1024}k;`,
      // Bodies are the API's and the receivers' (their locations allow them); nothing else takes one.
      `client_max_body_size ${EDGE_LIMITS.otherBodyBytes / 1024}k;`,
      `client_body_buffer_size ${EDGE_LIMITS.bodyBytes / 1024}k;`,
      `client_header_timeout ${EDGE_LIMITS.headerSeconds}s;`,
      `client_body_timeout ${EDGE_LIMITS.bodySeconds}s;`,
      `keepalive_timeout ${EDGE_LIMITS.idleSeconds}s;`,
      `send_timeout ${EDGE_LIMITS.sendSeconds}s;`,
      'reset_timedout_connection on;',
      // Reports are limited per reporter (the id of a reporter cookie whose token the edge checked),
      // and strictly per address for requests without a valid one (none, malformed, expired or
      // forged). No zone is shared by reporters (decision 075). An empty key is not counted. The
      // client is an IPv4 address or an IPv6 /64, as a cookie is bound to (decision 076): a host's
      // rotating privacy addresses are one client here too.
      ...clientKeyLines('$reporter_client'),
      passesReports ? reporterLines(reporterSecret) : block('map "" $report_reporter', ['default "";']),
      ...block('map $report_reporter $report_anonymous', ['"" $reporter_client;', 'default "";']),
      // A page that brings a new reporter cookie is the browser's alone (reporterMintLines).
      passesReports
        ? block('map $reporter_set_cookie $page_cache_control', [
            `"" $cache_control;`,
            `default ${quoted(CACHE_CONTROL.pageWithCookie)};`,
          ])
        : null,
      `limit_req_zone $report_reporter zone=reports_per_reporter:4m rate=${EDGE_LIMITS.reportsPerSecondPerReporter}r/s;`,
      `limit_req_zone $report_anonymous zone=reports:1m rate=${EDGE_LIMITS.reportsPerSecond}r/s;`,
      // One key for every client: the notices of refused reports, all together (refusalNotices).
      `limit_req_zone "all" zone=refusal_notices:64k rate=${EDGE_LIMITS.refusalNoticesPerSecond}r/s;`,
      // The address a page asks for a reporter cookie for, as the edge's first hop named it (reporterMintLines).
      `limit_req_zone $http_x_forwarded_for zone=reporter_mint_asks:1m rate=${EDGE_LIMITS.reporterMintAsksPerSecond}r/s;`,
      'limit_req_status 429;',
      // HTTP/2 streams per client address ($http2 is empty over HTTP/1.1: not counted).
      ...block('map $http2 $http2_client', ['"" "";', 'default $binary_remote_addr;']),
      `limit_req_zone $http2_client zone=http2_streams:10m rate=${EDGE_LIMITS.http2StreamsPerSecondPerClient}r/s;`,
      HTTP2_STREAM_LIMIT,
      'limit_conn_zone $binary_remote_addr zone=per_client:10m;',
      'limit_conn_zone $binary_remote_addr zone=bodies_per_client:10m;',
      `limit_conn per_client ${EDGE_LIMITS.requestsInProgressPerClient};`,
      'limit_conn_status 429;',
      '',
      '# Precompressed files first (Brotli, then gzip), on-the-fly gzip for the rest.',
      brotliModule && PRECOMPRESSED_ENCODINGS.includes('br') ? 'brotli_static on;' : null,
      PRECOMPRESSED_ENCODINGS.includes('gzip') ? 'gzip_static on;' : null,
      'gzip on;',
      'gzip_vary on;',
      `gzip_min_length ${COMPRESS_ON_THE_FLY_FROM_BYTES};`,
      `gzip_types ${TEXT_TYPES.filter((type) => type !== 'text/html').join(' ')};`,
      '',
      '# Cache rules: content-hashed files for a year, everything else revalidated on every use.',
      ...block('map $uri $cache_control', [
        `${quoted(`~${HASHED_FILE}`, { regex: true })} ${quoted(CACHE_CONTROL.hashed)};`,
        `default ${quoted(CACHE_CONTROL.revalidated)};`,
      ]),
      ...sites.flatMap((site, index) => ['', ...siteMaps(site, index)]),
      ...sites.flatMap((site, index) => [
        '',
        ...server(site, index, { https, brotli: Boolean(brotliModule), runtime }),
      ]),
    ]),
  ];
  return `${indent(main, 0).join('\n')}\n`;
}

/** The map of the receivers' key, as a configuration writes it in or includes it from its file. */
export function reporterSecretMap(secret) {
  if (!REPORTER_SECRET.test(secret ?? '')) {
    throw new Error(
      'TELEMETRY_PASS_SECRET must be at least 32 characters of letters, digits and _ - + / = . ~ (the edge writes it into its configuration)',
    );
  }
  return `map "" $reporter_secret { default "${secret}"; }`;
}

/**
 * The reporter cookie's parts (REPORTER_COOKIE_VALUE), its token checked by `secure_link` over
 * `reporterTokenInput` for the client the request comes from (empty when malformed, "0" when
 * expired, "1" when valid), and the id of a valid one as `$report_reporter`; anything else, a
 * cookie minted to another client included, leaves it empty.
 */
function reporterLines(secret) {
  const part = (variable, group) =>
    block(`map $cookie_${REPORTER_COOKIE} ${variable}`, [
      `${quoted(`~${REPORTER_COOKIE_VALUE}`, { regex: true })} $${group};`,
      'default "";',
    ]);
  return [
    'file' in secret ? `include ${filePath(secret.file)};` : reporterSecretMap(secret.value),
    ...part('$reporter_id', 1),
    ...part('$reporter_expires', 2),
    ...part('$reporter_token', 3),
    'secure_link "$reporter_token,$reporter_expires";',
    `secure_link_md5 "${reporterTokenInput('$reporter_id', '$reporter_expires', '$reporter_client', '$reporter_secret')}";`,
    ...block('map $secure_link $report_reporter', ['"1" $reporter_id;', 'default "";']),
  ];
}

/** One group of an IPv6 address as nginx writes it: lower-case hexadecimal, no leading zeros. */
const HEX_GROUP = '[0-9a-f]{1,4}';

/**
 * `$remote_addr` as its client's key, `variable`: the receivers' `clientKeyOf`
 * (mock-api/src/security/client-key.ts) written the way ipaddr.js writes it, so that the edge and the
 * receivers cover the same text with a reporter cookie's token (decision 076). An IPv4 address is
 * itself, in the IPv6 forms that embed it too; an IPv6 address is its /64, because privacy addresses
 * rotate within it and the receivers' share of cookies is per /64 already.
 *
 * nginx writes `$remote_addr` in the RFC 5952 form (the longest run of two or more zero groups
 * as `::`, the IPv4-mapped form dotted), whether it came from the socket or from a proxy in
 * front (`real_ip`). The first map spells out the first four groups, wherever `::` fell; the
 * second drops their trailing zero groups into the `::` the /64's own zeros make, as ipaddr.js's
 * RFC 5952 form of the network does.
 */
function clientKeyLines(variable) {
  const g = HEX_GROUP;
  const prefix = `${variable}_prefix`;
  const rule = (pattern, value) => `${quoted(`~${pattern}`, { regex: true })} ${quoted(value, { regex: true })};`;
  return [
    ...block(`map $remote_addr ${prefix}`, [
      // Dotted: IPv4, or the IPv4-mapped (`::ffff:`) and old IPv4-compatible (`::`) forms nginx
      // writes so, which ipaddr.js reads as IPv4 too.
      rule(`^(?:::(?:ffff:)?)?(\\d+\\.\\d+\\.\\d+\\.\\d+)$`, '$1'),
      // Four groups written out: `::` is after them, or nowhere.
      rule(`^(${g}:${g}:${g}:${g}):`, '$1'),
      // `::` after three, two or one group(s): it stands for two zero groups or more.
      rule(`^(${g}:${g}:${g})::`, '$1:0'),
      rule(`^(${g}:${g})::`, '$1:0:0'),
      rule(`^(${g})::(${g})(?::${g}){4}$`, '$1:0:0:$2'),
      rule(`^(${g})::`, '$1:0:0:0'),
      // `::` first: its zeros end before the fourth group when six or five groups follow it.
      rule(`^::(${g}:${g})(?::${g}){4}$`, '0:0:$1'),
      rule(`^::(${g})(?::${g}){4}$`, '0:0:0:$1'),
      rule('^::', '0:0:0:0'),
      'default $remote_addr;',
    ]),
    ...block(`map ${prefix} ${variable}`, [
      rule('^\\d+\\.\\d+\\.\\d+\\.\\d+$', prefix),
      rule('^0:0:0:0$', '::/64'),
      rule(`^(${g}(?::${g})*?)(?::0)+$`, '$1::/64'),
      rule(`^${g}:${g}:${g}:${g}$`, `${prefix}::/64`),
      `default ${prefix};`,
    ]),
  ];
}

const HTTP2_STREAM_LIMIT = `limit_req zone=http2_streams burst=${EDGE_LIMITS.http2StreamBurstPerClient} nodelay;`;

const variable = (index, what) => `$site${index}_${what}`;
/** `Cross-Origin-Opener-Policy` → `cross_origin_opener_policy`. */
const headerVariable = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/** Page headers go on HTML answers only: maps on the answer's type (and, for `Link`, the path). */
function siteMaps(site, index) {
  const onPages = (what, value) =>
    block(`map $sent_http_content_type ${variable(index, what)}`, [`"~^text/html" ${value};`, 'default "";']);
  const maps = [
    `# ${site.name}: the headers of its pages.`,
    ...onPages('csp', quoted(site.contentSecurityPolicy ?? API_CONTENT_SECURITY_POLICY)),
    ...onPages('reporting', site.reportUrl ? quoted(reportingEndpoints(site.reportUrl)) : '""'),
    ...Object.entries(PAGE_HEADERS).flatMap(([name, value]) => onPages(headerVariable(name), quoted(value))),
  ];
  if (site.firstPaint) {
    // The path as requested, as for `Link`: `$uri` is `/index.html` by the time the page is read.
    for (const [frame, rules] of Object.entries(site.firstPaint.maps)) {
      maps.push(
        ...block(`map $request_uri $${slotVariable(frame)}`, [
          ...rules.map(({ pattern, uri }) => `${quoted(`~${pattern}`, { regex: true })} ${quoted(uri)};`),
          'default "";',
        ]),
      );
    }
  }
  if (site.pageLinks) {
    // The path as requested (`$request_uri`): the same answer for every path under a boundary.
    const escape = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const entries = site.pageLinks.boundaries.map(({ path, exact, link }) => {
      const pattern = exact ? `~^${escape(path)}(?:\\?|$)` : `~^${escape(path)}(?:[/?]|$)`;
      return `${quoted(pattern, { regex: true })} ${quoted(link ?? '')};`;
    });
    maps.push(
      ...block(`map $request_uri ${variable(index, 'path_link')}`, [
        ...entries,
        `default ${quoted(site.pageLinks.otherwise ?? '')};`,
      ]),
      ...onPages('link', variable(index, 'path_link')),
    );
  }
  return maps;
}

/**
 * The `Strict-Transport-Security` of `site`'s answers, or null: a year where the public origin is
 * HTTPS (`https`, production behind a CDN), a short one where the edge itself speaks TLS with the
 * local certificate, none over plain HTTP.
 */
function strictTransportSecurity(site, { https }) {
  if (https) return STRICT_TRANSPORT_SECURITY;
  return site.tls ? LOCAL_STRICT_TRANSPORT_SECURITY : null;
}

const hstsHeader = (hsts) => (hsts ? headers({ 'Strict-Transport-Security': hsts }) : null);

/**
 * Everything a file or a page of `site` is sent with; `cacheControl` the variable of its
 * `Cache-Control` (a page's changes when it brings a reporter cookie, `reporterMintLines`).
 */
function fileHeaders(site, index, { https, cacheControl = '$cache_control' }) {
  return [
    ...headers(COMMON_SECURITY_HEADERS),
    hstsHeader(strictTransportSecurity(site, { https })),
    site.cors ? headers({ 'Access-Control-Allow-Origin': '*' }) : null,
    // Not on errors: a 404 is never cached for a year.
    headers({ 'Cache-Control': cacheControl }, { always: false }),
    headers({
      'Content-Security-Policy': variable(index, 'csp'),
      'Reporting-Endpoints': variable(index, 'reporting'),
      ...Object.fromEntries(Object.keys(PAGE_HEADERS).map((name) => [name, variable(index, headerVariable(name))])),
      ...(site.pageLinks ? { Link: variable(index, 'link') } : {}),
    }),
  ];
}

/** What every answer from the API carries, whatever the API itself sends. */
function apiHeaders({ hsts }) {
  return [
    ...Object.keys(COMMON_SECURITY_HEADERS).map((name) => `proxy_hide_header ${name};`),
    'proxy_hide_header Content-Security-Policy;',
    ...headers(COMMON_SECURITY_HEADERS),
    ...headers({ 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY }),
    hstsHeader(hsts),
  ];
}

/**
 * Passes the request on to the upstream `upstream`, as `uri` when given (else as requested). The
 * body is read whole first, at most `bodyBytes`, and one client may have only so many such
 * requests in progress (policy.mjs, `bodiesInProgressPerClient`) unless `callsCounted` is false
 * (the API's pictures, which are counted as files are).
 */
function proxyTo(upstream, { hsts, bodyBytes, uri = '', callsCounted = true }) {
  return [
    `client_max_body_size ${bodyBytes / 1024}k;`,
    `client_body_buffer_size ${bodyBytes / 1024}k;`,
    // A location's limit_conn replaces those it would inherit: the general one is named again.
    `limit_conn per_client ${EDGE_LIMITS.requestsInProgressPerClient};`,
    callsCounted ? `limit_conn bodies_per_client ${EDGE_LIMITS.bodiesInProgressPerClient};` : null,
    `proxy_pass http://${upstream}${uri};`,
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    // The client's address as the edge saw it, never one the client wrote itself.
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    `proxy_connect_timeout ${EDGE_LIMITS.upstreamConnectSeconds}s;`,
    `proxy_send_timeout ${EDGE_LIMITS.upstreamAnswerSeconds}s;`,
    `proxy_read_timeout ${EDGE_LIMITS.upstreamAnswerSeconds}s;`,
    ...apiHeaders({ hsts }),
  ];
}

/**
 * The page skeletons of `site` (first-paint.mjs): its pages are read for the includes of their
 * slots (webpack/first-paint/slots.cjs), so they go as built, compressed on the fly, never as the
 * build's precompressed copies; errors of an include say nothing (a page without its skeleton still
 * paints its frame). Each fragment has an internal address of its own, for the includes alone.
 */
function firstPaintLines(site, { brotli }) {
  if (!site.firstPaint) return { page: [], locations: [] };
  const uncompressed = ['gzip_static off;', brotli ? 'brotli_static off;' : null];
  return {
    page: ['ssi on;', 'ssi_silent_errors on;', ...uncompressed],
    locations: site.firstPaint.locations.flatMap(({ uri, file }) => {
      if (!uri.startsWith(FIRST_PAINT_LOCATION) || !/^[A-Za-z0-9._\-/]+$/.test(uri)) {
        throw new Error(`not an address of a page skeleton: ${uri}`);
      }
      return block(`location = ${uri}`, ['internal;', ...uncompressed, `alias ${filePath(file)};`]);
    }),
  };
}

function server(site, index, { https, brotli = false, runtime = null }) {
  const firstPaint = firstPaintLines(site, { brotli });
  const [firstRoot, ...otherRoots] = site.roots.map(filePath);
  const named = otherRoots.map((_, position) => `@site${index}_root${position + 1}`);
  const tryFiles = (next) => `try_files $uri ${next};`;
  // After the last folder: the app's page, or nothing (an origin that only serves files).
  const last = site.pages ? `@site${index}_page` : '=404';
  const files = fileHeaders(site, index, { https });
  const hsts = strictTransportSecurity(site, { https });
  const receivers = site.telemetryUpstreams ?? [];
  const reporterMint =
    receivers.length && site.pages ? reporterMintLines(index, { socket: mintSocket(index, runtime) }) : null;
  // A page's headers change with each release while its file does not: a page is answered whole
  // every time, never 304 Not Modified, whose stored headers (the old policy) the browser would keep.
  const pageAnswer = [
    ...(reporterMint
      ? [...fileHeaders(site, index, { https, cacheControl: '$page_cache_control' }), ...reporterMint.page]
      : files),
    'etag off;',
    'if_modified_since off;',
    ...firstPaint.page,
  ];
  const lines = [
    ...site.listen.map((address) => `listen ${listenAddress(address)}${site.tls ? ' ssl http2' : ''};`),
    `server_name ${serverName(site.serverName)};`,
    ...(site.tls ? tlsLines(site.tls) : []),
    `root ${firstRoot};`,
    '',
    '# Refused before anything else (policy.mjs): HTTP/0.9, whose answers carry no header (closed unanswered),',
    "# a request for a proxy, a path outside the portal's alphabet.",
    REFUSE_HTTP_09 ? 'if ($server_protocol = "") { return 444; }' : null,
    `if ($request ~ ${quoted(ABSOLUTE_FORM_REQUEST, { regex: true })}) { return 400; }`,
    `if ($uri ~ ${quoted(PATH_REFUSED, { regex: true })}) { return 400; }`,
    '',
    ...(site.filePrefixes
      ? [
          // Only these paths name files: a deploy root also holds what no browser may read.
          ...block('location /', [...files, 'return 404;']),
          ...site.filePrefixes.flatMap((prefix) =>
            block(`location ${filePrefix(prefix)}`, [...files, tryFiles(named[0] ?? last)]),
          ),
        ]
      : block('location /', [...files, tryFiles(named[0] ?? last)])),
    ...otherRoots.flatMap((root, position) =>
      block(`location ${named[position]}`, [`root ${root};`, ...files, tryFiles(named[position + 1] ?? last)]),
    ),
    ...(site.pages
      ? [
          '# The SPA fallback: a path without an extension is a page of the app.',
          ...block(`location @site${index}_page`, [
            `if ($uri ~ ${quoted(FILE_EXTENSION, { regex: true })}) { return 404; }`,
            `root ${filePath(site.pageRoot)};`,
            ...pageAnswer,
            'try_files /index.html =404;',
          ]),
          ...block('location = /index.html', [
            `root ${filePath(site.pageRoot)};`,
            ...pageAnswer,
            'try_files /index.html =404;',
          ]),
          ...firstPaint.locations,
          ...(reporterMint?.locations ?? []),
        ]
      : []),
    ...Object.entries(site.documents ?? {}).flatMap(([path, document]) =>
      block(`location = ${path.replace(/[^A-Za-z0-9._\-/]/g, '')}`, [
        'default_type application/json;',
        // Revalidated on every use, as every file whose name has no hash (`$cache_control`).
        ...files,
        `return 200 ${jsonBody(document)};`,
      ]),
    ),
  ];
  if (site.apiUpstream) {
    lines.push(
      `# ${API_PATH} goes to one fixed upstream, ${site.apiUpstream}, whatever the request names.`,
      ...block(`location ${API_PATH}`, proxyTo(`site${index}_api`, { hsts, bodyBytes: EDGE_LIMITS.bodyBytes })),
      "# The API's pictures are files: GET alone, no body, counted as files are, not with its calls.",
      ...block(`location ~ ${quoted(API_PICTURES, { regex: true })}`, [
        'limit_except GET { deny all; }',
        ...proxyTo(`site${index}_api`, { hsts, bodyBytes: EDGE_LIMITS.otherBodyBytes, callsCounted: false }),
      ]),
      '# Never passed on, in any case or encoding of the path.',
      ...API_PATHS_NEVER_PASSED_ON.flatMap((path) =>
        block(`location ~* ${quoted(`^${path}(?:/|$)`, { regex: true })}`, [...apiHeaders({ hsts }), 'return 404;']),
      ),
    );
  }
  if (receivers.length) {
    lines.push(
      `# Members' reports and CSP violation reports go to the telemetry receivers (${receivers.join(', ')}),`,
      '# at a bounded rate per reporter and address; nothing else under the path does (their /metrics never).',
      ...TELEMETRY_ROUTES.flatMap(({ path, bodyBytes }) =>
        block(`location = ${filePrefix(`${path}/`).slice(0, -1)}`, [
          // A request has a key in one of the two: a reporter's own, or its address's without one.
          `limit_req zone=reports_per_reporter burst=${EDGE_LIMITS.reporterBurst} nodelay;`,
          `limit_req zone=reports burst=${EDGE_LIMITS.reportBurst} nodelay;`,
          // A refusal is told to the receivers (refusalNoticeLines); the redirects after it may
          // end in an error page of their own.
          'recursive_error_pages on;',
          `error_page 429 =429 @site${index}_report_refused;`,
          // A location's limit_req replaces those it would inherit: the streams' is named again.
          HTTP2_STREAM_LIMIT,
          // Passed on as this path exactly, never as the client spelled it.
          ...proxyTo(`site${index}_telemetry`, { hsts, bodyBytes, uri: path }),
          // The reporter the edge checked, never one the client named (an empty value is not sent).
          `proxy_set_header ${REPORTER_CHECKED_HEADER} $report_reporter;`,
        ]),
      ),
      ...block(`location ${filePrefix(TELEMETRY_PATH)}`, [...apiHeaders({ hsts }), 'return 404;']),
      ...refusalNoticeLines(index, { hsts, socket: noticeSocket(index, runtime) }).locations,
    );
  }
  const upstreams = [
    ...(site.apiUpstream ? upstream(`site${index}_api`, [site.apiUpstream], 'API') : []),
    ...(receivers.length ? upstream(`site${index}_telemetry`, receivers, 'telemetry') : []),
  ];
  const noticeServer = receivers.length
    ? refusalNoticeLines(index, { hsts, socket: noticeSocket(index, runtime) }).server
    : [];
  return [...upstreams, ...block('server', lines), ...noticeServer, ...(reporterMint?.server ?? [])];
}

/**
 * A page request without a valid reporter cookie brings one (decision 073): an `auth_request` asks
 * the receivers to mint it (REPORTER_MINT_PATH), and the page passes their `Set-Cookie` on, stored by
 * the browser alone (`$page_cache_control`). A page whose cookie the edge checked asks nobody: the
 * subrequest answers itself. The page never waits on the receivers for long and never fails for
 * them: down, slow, refusing or past its address's asks (`reporterMintAsksPerSecond`), the page
 * goes without a cookie, whose reporter the first pass request then asks for.
 *
 * A subrequest passes no `limit_req` once its page has passed one (nginx counts a request once,
 * subrequests included), so the asks are counted by a server of the edge's own on a Unix socket,
 * as the notices of refusals are (refusalNoticeLines): a new request, which only the edge makes,
 * naming the client in `X-Forwarded-For` (decision 075).
 */
function reporterMintLines(index, { socket }) {
  const location = `/internal/site${index}/reporter-cookie`;
  const none = `@site${index}_no_reporter_cookie`;
  const asks = `site${index}_reporter_mint_asks`;
  /** To `upstream`, the client as `clientAddress` names it, its cookie and nothing else of its request. */
  const ask = (upstream, clientAddress, { answerMs }) => [
    'proxy_pass_request_body off;',
    'proxy_pass_request_headers off;',
    'proxy_set_header Content-Length "";',
    'proxy_method GET;',
    `proxy_set_header X-Forwarded-For ${clientAddress};`,
    // A receiver with a key of its own still sees the cookie, and mints none for a valid one.
    'proxy_set_header Cookie $http_cookie;',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    `proxy_connect_timeout ${EDGE_LIMITS.reporterMintConnectMs}ms;`,
    `proxy_send_timeout ${answerMs}ms;`,
    `proxy_read_timeout ${answerMs}ms;`,
    `proxy_next_upstream_timeout ${EDGE_LIMITS.reporterMintTotalMs}ms;`,
    `proxy_pass http://${upstream}${REPORTER_MINT_PATH};`,
  ];
  return {
    page: [
      `auth_request ${location};`,
      'auth_request_set $reporter_set_cookie $upstream_http_set_cookie;',
      'add_header Set-Cookie $reporter_set_cookie;',
    ],
    locations: [
      ...block(`location = ${location}`, [
        'internal;',
        'if ($report_reporter != "") { return 204; }',
        // The socket's server tries every receiver within the total: this hop waits that long.
        ...ask(asks, '$remote_addr', { answerMs: EDGE_LIMITS.reporterMintTotalMs }),
        'proxy_intercept_errors on;',
        `error_page 400 401 403 404 405 408 413 429 500 502 503 504 = ${none};`,
      ]),
      ...block(`location ${none}`, ['return 204;']),
    ],
    server: [
      ...block(`upstream ${asks}`, [`server unix:${filePath(socket)};`, 'keepalive 4;']),
      ...block('server', [
        `# The asks for reporter cookies of site ${index}'s pages: only the edge reaches this socket.`,
        `listen unix:${filePath(socket)};`,
        'server_name _;',
        'access_log off;',
        ...block(`location = ${REPORTER_MINT_PATH}`, [
          `limit_req zone=reporter_mint_asks burst=${EDGE_LIMITS.reporterMintAskBurst} nodelay;`,
          // The address the edge's first hop named: nothing else can write here.
          ...ask(`site${index}_telemetry`, '$http_x_forwarded_for', { answerMs: EDGE_LIMITS.reporterMintAnswerMs }),
        ]),
        ...block('location /', ['return 404;']),
      ]),
    ],
  };
}

/** The edge's own socket for the asks of site `index`'s pages for reporter cookies. */
const mintSocket = (index, runtime) => `${runtime ?? '/run'}/loyalty-edge-site${index}-reporter-mints.sock`;

/** The edge's own socket for notices of refused reports: in its runtime folder, or in /run. */
const noticeSocket = (index, runtime) => `${runtime ?? '/run'}/loyalty-edge-site${index}-refusals.sock`;

/**
 * A report refused for its client's rate is told to the receivers, so a walk counts it with the
 * receivers' own refusals: the refused request goes on (`error_page 429 =`) to a named location
 * that sends a bodiless notice naming the client's address. Rate limits apply once per request
 * in nginx, never again after an internal redirect: the notice therefore goes through a server of
 * the edge's own on a Unix socket (a new request, which only the edge can make), where one limit
 * for every client together (`refusal_notices`) keeps a flood of refusals from reaching the
 * receivers. Whatever becomes of the notice, the member gets 429 with the same words.
 */
function refusalNoticeLines(index, { hsts, socket }) {
  const refused = `@site${index}_report_refused`;
  const answer = `@site${index}_report_refused_answer`;
  const notice = (upstreamName, clientAddress) => [
    // Only what the notice needs: no body, none of the client's headers.
    'proxy_pass_request_body off;',
    'proxy_pass_request_headers off;',
    // Else nginx announces the refused request's own length, and the next hop waits for that body.
    'proxy_set_header Content-Length "";',
    'proxy_method POST;',
    `proxy_set_header X-Forwarded-For ${clientAddress};`,
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    `proxy_connect_timeout ${EDGE_LIMITS.upstreamConnectSeconds}s;`,
    `proxy_read_timeout ${EDGE_LIMITS.upstreamConnectSeconds}s;`,
    `proxy_pass http://${upstreamName};`,
  ];
  return {
    locations: [
      ...block(`location ${refused}`, [
        `rewrite ^ ${EDGE_REFUSAL_PATH} break;`,
        ...notice(`site${index}_refusal_notices`, '$remote_addr'),
        // The receiver's answer, the notices' limit, a receiver down: the member's answer is the edge's.
        'proxy_intercept_errors on;',
        `error_page 429 500 502 503 504 =429 ${answer};`,
      ]),
      ...block(`location ${answer}`, [
        'default_type application/json;',
        ...apiHeaders({ hsts }),
        ...headers({ 'Cache-Control': 'no-store', 'Retry-After': '1' }),
        `return 429 ${jsonBody({ error: REPORTS_REFUSED_MESSAGE })};`,
      ]),
    ],
    server: [
      ...block(`upstream site${index}_refusal_notices`, [`server unix:${filePath(socket)};`, 'keepalive 4;']),
      ...block('server', [
        `# The notices of reports refused at site ${index}: only the edge reaches this socket.`,
        `listen unix:${filePath(socket)};`,
        'server_name _;',
        'access_log off;',
        ...block(`location = ${EDGE_REFUSAL_PATH}`, [
          `limit_req zone=refusal_notices burst=${EDGE_LIMITS.refusalNoticeBurst} nodelay;`,
          // The address the edge's first hop named: nothing else can write here.
          ...notice(`site${index}_telemetry`, '$http_x_forwarded_for'),
        ]),
        ...block('location /', ['return 404;']),
      ]),
    ],
  };
}

/**
 * TLS as a CDN's edge offers it to browsers today: Mozilla's intermediate profile (policy.mjs,
 * `TLS_PROFILE`), sessions resumed from a cache shared by the workers. (`listen … ssl http2` is
 * the form nginx 1.22, Debian 12's, knows; nginx 1.25.1 and later still take it, with a warning,
 * and prefer `http2 on;`.)
 */
function tlsLines({ certificate, key }) {
  return [
    `ssl_certificate ${filePath(certificate)};`,
    `ssl_certificate_key ${filePath(key)};`,
    `ssl_protocols ${TLS_PROFILE.protocols.join(' ')};`,
    `ssl_ciphers ${TLS_PROFILE.tls12Ciphers.join(':')};`,
    `ssl_ecdh_curve ${TLS_PROFILE.curves.join(':')};`,
    `ssl_prefer_server_ciphers ${TLS_PROFILE.preferServerCiphers ? 'on' : 'off'};`,
    `http2_max_concurrent_streams ${EDGE_LIMITS.streamsPerConnection};`,
    'ssl_session_cache shared:tls_sessions:1m;',
    'ssl_session_timeout 1h;',
  ];
}

/** Origins (`http://host:port`) as an upstream with kept-alive connections, requests spread over them. */
function upstream(name, origins, what) {
  const servers = origins.map((origin) => {
    const url = new URL(origin);
    if (url.protocol !== 'http:' || url.pathname !== '/' || url.search) {
      throw new Error(`the ${what} upstream must be an http origin: ${origin}`);
    }
    return `server ${url.host.replace(/[^A-Za-z0-9.:[\]-]/g, '')};`;
  });
  return block(`upstream ${name}`, [...servers, 'keepalive 16;']);
}
