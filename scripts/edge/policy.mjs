// The portal's serving policy, in one place: the headers every answer carries, the pages'
// Content-Security-Policy and where its reports go, which files are cached for how long, which
// precompressed files are sent, which paths are pages (the SPA fallback), and what the edge
// refuses (its limits, the paths it never passes on). The nginx configuration of the preview, of
// the e2e suite and of production is generated from this module (nginx-config.mjs), never written
// by hand, so the policy is stated once.
//
// The shell's policy follows the release manifest in force, so a remote released to a new origin
// is allowed from the next page load, and nothing else is. The shell's pages also name those
// origins to preconnect to (`Link`), from the same reading.

import { CSP_REPORTS_URL, TELEMETRY_BODY_BYTES, TELEMETRY_PASS_URL, TELEMETRY_REPORTS_URL } from '../lib/apps.cjs';
import { HASHED_FILE } from '../../webpack/content-hash.cjs';
import { homeRemote } from '../lib/remotes.cjs';
// The rules on paths the router applies in the browser: which remote renders a page, where the
// signed-in pages start. One module, imported here as the router imports it.
import { SIGNED_IN_ROOT, isSignedInPage, remoteForMountedPath } from '../../shared/src/router/path-rules.mjs';

/**
 * Where browsers send reports of Content-Security-Policy violations, on the shell's origin. The
 * one setting to change when reports go elsewhere: pages of every origin name the address this
 * resolves to (`cspReportUrl`). The telemetry receiver takes them (telemetry/src/csp-report.ts),
 * behind the edge's `/telemetry/` (`TELEMETRY_ROUTES`).
 */
export const CSP_REPORT_PATH = CSP_REPORTS_URL;

/** The name pages give the reporting endpoint (`Reporting-Endpoints`, `report-to`). */
export const CSP_REPORT_GROUP = 'csp';

/** The absolute address of the CSP reporting endpoint for pages served with `shellOrigin`'s portal. */
export function cspReportUrl(shellOrigin) {
  return new URL(CSP_REPORT_PATH, shellOrigin).href;
}

/** Sent with every answer of every origin, errors included. */
export const COMMON_SECURITY_HEADERS = Object.freeze({
  // Files are run or rendered only as the type they are served with.
  'X-Content-Type-Options': 'nosniff',
  // Page addresses (`returnTo`, filters) stay in the page: no origin needs them, the API included.
  'Referrer-Policy': 'no-referrer',
});

/**
 * Powerful features no page of the portal uses, refused to every page and to anything it embeds;
 * fullscreen is the settings drawer's, and passkeys (WebAuthn's create and get) the profile's and
 * the sign-in page's, for the page itself: never for a frame of another origin.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  'usb=()',
].join(', ');

/**
 * Sent with every HTML page, beside its policy: a page opened from another site gets no handle on
 * it (`Cross-Origin-Opener-Policy`), and the features above stay off.
 */
export const PAGE_HEADERS = Object.freeze({
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
});

/** An API answer is data, never a document: nothing in it may load or frame anything. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** HTTPS only: tells browsers to use nothing else for a year. Sent where the edge faces HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * HSTS of an origin the edge itself serves over TLS with the local certificate (the preview, the
 * e2e suite, perf): the header a member's browser gets, with a max-age of five minutes. HSTS
 * holds for the host on every port, and `npm start` serves the same `localhost` ports over plain
 * HTTP: a year would pin a developer's browser to HTTPS there, five minutes lets it go again
 * (decision 024). No `includeSubDomains`: `localhost` has none worth pinning. Browsers ignore HSTS
 * from an address (`127.0.0.1`), as RFC 6797 (8.1) says they must.
 */
export const LOCAL_STRICT_TRANSPORT_SECURITY = 'max-age=300';

/**
 * TLS where the edge speaks it (decision 024): Mozilla's intermediate profile (guideline 5.7,
 * nginx 1.22 with OpenSSL 3): TLS 1.2 and 1.3, the client's choice among AEAD suites with forward
 * secrecy. TLS 1.3's suites are OpenSSL's defaults, which are the profile's. The profile's three
 * DHE-RSA suites need Diffie-Hellman parameters (`ssl_dhparam`), which the edge does not have:
 * they are left out, and every browser of the profile's list negotiates ECDHE.
 */
export const TLS_PROFILE = Object.freeze({
  protocols: ['TLSv1.2', 'TLSv1.3'],
  tls12Ciphers: [
    'ECDHE-ECDSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-ECDSA-AES256-GCM-SHA384',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'ECDHE-ECDSA-CHACHA20-POLY1305',
    'ECDHE-RSA-CHACHA20-POLY1305',
  ],
  curves: ['X25519', 'prime256v1', 'secp384r1'],
  /** The client picks among equally strong suites (one without AES hardware picks ChaCha20). */
  preferServerCiphers: false,
});

// ---------------------------------------------------------------------------------------------
// Files: types, caching, precompressed variants, the SPA fallback

/** The type each file is served with, by extension; anything else is `application/octet-stream`. */
export const CONTENT_TYPES = Object.freeze({
  html: 'text/html',
  js: 'text/javascript',
  json: 'application/json',
  css: 'text/css',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  txt: 'text/plain',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
});

/** Text types, sent with `charset=utf-8` and compressed. */
export const TEXT_TYPES = [
  'text/html',
  'text/javascript',
  'application/json',
  'application/manifest+json',
  'text/css',
  'image/svg+xml',
  'text/plain',
];

/**
 * Content-hashed files: chunks, the system style sheet and the typeface's files, as the build names
 * them. Their name changes with their content, so they are cached forever. A regular expression on
 * the path, in the syntax both JavaScript and nginx (PCRE) read.
 */
export { HASHED_FILE };

export const CACHE_CONTROL = Object.freeze({
  /** Content-hashed files. */
  hashed: 'public, max-age=31536000, immutable',
  /**
   * Everything else: pages, entries (`remoteEntry.js`, `main.js`), manifests, the runtime
   * configuration. Revalidated on every use, so a release takes effect on the next page load.
   */
  revalidated: 'no-cache',
  /**
   * A page that brings a new reporter cookie (REPORTER_MINT_PATH): revalidated as every page, and
   * stored by the browser alone, so no shared cache hands one member's cookie to another.
   */
  pageWithCookie: 'private, no-cache',
});

/**
 * The build writes a Brotli (`.br`) and a gzip (`.gz`) file beside each text file worth it
 * (webpack/create-app-config.cjs): the edge sends the one the browser accepts, Brotli first, and
 * compresses on the fly only what the build did not.
 */
export const PRECOMPRESSED_ENCODINGS = Object.freeze(['br', 'gzip']);

/**
 * The edge keeps the files it serves open between requests and looks at each again at most this
 * often: a file rebuilt while it runs is served from then on. Without it, nginx opens each file and
 * reads its details on every request, which cost `/` a large share of its rate
 * (docs/performance-log.md, 2026-11-26, "files kept open").
 */
export const FILES_CHECKED_EVERY_SECONDS = 1;

/**
 * Text the build left as it is (files under 1 KB, pages) is gzip-compressed as it goes out, from
 * this size up: every script a page loads goes out compressed (the size budgets count gzip).
 */
export const COMPRESS_ON_THE_FLY_FROM_BYTES = 20;

/**
 * The SPA fallback: a path with no file extension that names no file is one of the app's pages,
 * answered with its `index.html`; a missing file with an extension is a 404. `FILE_EXTENSION` is
 * a regular expression in the syntax both JavaScript and nginx read.
 */
export const FILE_EXTENSION = '\\.[^/]*$';

// ---------------------------------------------------------------------------------------------
// What the edge refuses

/** Where the shell's origin passes requests on to the API: one fixed upstream. */
export { API_PATH } from '../lib/apps.cjs';

/**
 * Routes of the API the edge never passes on, whatever the case or encoding of the path: the mock
 * API's helpers for developers and tests (the outbox of one-time codes, the business clock), which
 * would take over any account.
 */
export const API_PATHS_NEVER_PASSED_ON = ['/api/dev'];

/**
 * The API's answers that are files rather than data: rewards' pictures (docs/product/rewards.md,
 * "Pictures"), the same for every member, their address naming their version, so cached for
 * good. A regular expression on the path, in the syntax both JavaScript and nginx read. The edge
 * counts them as it counts files (`requestsInProgressPerClient`), not with the API's calls
 * (`bodiesInProgressPerClient`): the catalogue loads a picture per reward at once, and a few
 * members behind one address (a hotel's Wi-Fi) spent that limit on pictures and got 429 for their
 * own calls. Like files, they take GET alone and no body beyond `otherBodyBytes`.
 */
export const API_PICTURES = '^/api/rewards/[^/]+/images/[^/]+$';

/** Limits of every request the edge takes (sizes in bytes, times in seconds). */
export const EDGE_LIMITS = Object.freeze({
  /** The request line and each header line; longer ones are refused (414, 400). */
  headerLineBytes: 8 * 1024,
  /** Header lines in all, at most this many of `headerLineBytes`. */
  headerBuffers: 4,
  /**
   * A request body: the API's own limit for every form it takes (mock-api/src/app.ts, `BODY_LIMIT`).
   * Larger is refused before anything reaches the API (413).
   */
  bodyBytes: 16 * 1024,
  /** A batch of members' reports: the receiver's own limit (scripts/lib/apps.cjs). */
  reportBytes: TELEMETRY_BODY_BYTES.reports,
  /** A batch of CSP reports, with the page's policy in each: the receiver's own limit. */
  cspReportBytes: TELEMETRY_BODY_BYTES.cspReports,
  /** The time to send the request's headers. */
  headerSeconds: 10,
  /**
   * The longest a request body may pause between two reads. nginx 1.22 has no deadline for a
   * whole body (decision 032): what bounds a body sent a byte at a time is this pause, the size
   * limit and `bodiesInProgressPerClient`.
   */
  bodySeconds: 5,
  /** An idle kept-alive connection is closed after this. */
  idleSeconds: 15,
  /** The time between two writes of an answer the client does not read. */
  sendSeconds: 15,
  /** The API's (and a telemetry receiver's) time to connect and to answer. */
  upstreamConnectSeconds: 5,
  upstreamAnswerSeconds: 30,
  /**
   * Requests one client address may have in progress at once (a stalled body counts until its
   * time is up): a flood of them gets 429. Behind a CDN, the client's address is the one the CDN
   * passes on (docs/edge-behind-a-cdn.md).
   */
  requestsInProgressPerClient: 100,
  /**
   * Requests with a body (everything passed on to the API or a receiver, which read bodies whole
   * first) one client address may have in progress at once, waiting for the API's answer
   * included: a page makes a few such calls at a time. Slow bodies beyond it get 429 at once, so
   * holding the edge's connections takes many addresses (decision 032). The API's pictures
   * (`API_PICTURES`) are not counted here (decision 056).
   */
  bodiesInProgressPerClient: 20,
  /**
   * The largest body anywhere else: pages and files take none. A larger one gets 413 before it
   * is read, where it would otherwise be read and thrown away.
   */
  otherBodyBytes: 1024,
  /**
   * Connections each worker holds: the edge's ceiling for every client together. The edge runs
   * one worker per core (`worker_processes auto`).
   */
  connectionsPerWorker: 4096,
  /**
   * HTTP/2 streams (requests) one client address may open a second, across its connections and
   * every origin, and the burst it may open at once beyond that rate: a page load opens about
   * 40-100 across the four origins. A rapid-reset flood opens and cancels thousands a second and
   * reconnects when a connection's streams run out; beyond the rate its streams get 429, the
   * cheapest answer. HTTP/1.1 sends one request at a time per connection and is not counted (the
   * edge's benchmark, `npm run bench:edge`, speaks it from one address).
   */
  http2StreamsPerSecondPerClient: 500,
  http2StreamBurstPerClient: 1000,
  /**
   * HTTP/2 streams one connection may have open at once (nginx's default 128): a page loads
   * about 40 files from an origin.
   */
  streamsPerConnection: 64,
  /**
   * Reports (members' and CSP violations together) per second from one address that sends no
   * reporter cookie (REPORTER_COOKIE: a page that came without one, CSP reports, a client that
   * keeps no cookies), and the burst it may send at once: a page load sends one to three batches.
   * The receivers hold a limit of their own per minute (telemetry/src/receiver.ts).
   */
  reportsPerSecond: 10,
  reportBurst: 40,
  /**
   * Reports per second from one reporter (the id of a cookie the edge checked), and its burst. No
   * zone is shared by reporters: a client holding many cookies spends each one's budget, never its
   * members' (decision 075). A cookie counts only from the client it was minted to (decision 076),
   * so what bounds an address is how many cookies it is minted (the receivers' share,
   * DEFAULT_REPORTER_MINTS_PER_ADDRESS, 120 in 30 minutes) times this rate: 240 a second at most,
   * wherever else its cookies were collected. The rate is what the receivers take from one reporter: a pass every 2 s
   * (DEFAULT_REPORTER_PASS_LIMIT) and its one to three batches. The burst is one page load's
   * requests, a few times over (tabs restored at once).
   */
  reportsPerSecondPerReporter: 2,
  reporterBurst: 10,
  /**
   * Notices of reports the edge refused (for their client's rate) that it passes on to the
   * receivers, every client together, a second, and their burst: a walk needs one per refused
   * client (the receivers count each client once per window), so a flood of refusals from any
   * number of addresses reaches the receivers as no more than this. Beyond it the edge still
   * answers 429, without telling.
   */
  refusalNoticesPerSecond: 20,
  refusalNoticeBurst: 40,
  /**
   * The receivers' time to connect and to answer when the edge asks for a reporter cookie for a
   * page (REPORTER_MINT_PATH), and the most it tries them all for, in milliseconds: a receiver
   * down or slow delays a page by no more, and the page then goes without a cookie.
   */
  reporterMintConnectMs: 250,
  reporterMintAnswerMs: 500,
  reporterMintTotalMs: 1000,
  /**
   * The edge's requests for a page's reporter cookie (REPORTER_MINT_PATH) one address may make a
   * second, and their burst: a page without a valid cookie asks the receivers no more often. The
   * burst is what the receivers mint an address at once (80: `MINTED_AT_ONCE` of the shipped share,
   * telemetry/src/reporter-ledger.ts), so a group arriving together is asked for whole; the rate is
   * far above their rate after it (a cookie every 45 s). The edge decides nobody's cookie: it keeps
   * a client that keeps no cookies from making the receivers answer every page it loads (decision
   * 075). Past it, the page loads without asking, as when the receivers are down.
   */
  reporterMintAsksPerSecond: 1,
  reporterMintAskBurst: 80,
});

/**
 * Where the edge tells a receiver of a report it refused (telemetry/src/receiver.ts,
 * `EDGE_REFUSAL_ROUTE`): outside the paths any origin passes on, reached only from the edge.
 */
export const EDGE_REFUSAL_PATH = '/internal/edge-refusal';

/**
 * The cookie the receivers give a browser's reporter with its first page (through the edge,
 * REPORTER_MINT_PATH) or, failing that, its first pass (telemetry/src/reporter-pass.ts):
 * `<id>.<expires, s>.<edge token>.<signature>`, for the whole origin (the edge reads it on pages).
 * The edge checks the token (nginx's secure_link: the MD5 of reporterTokenInput, base64url) before
 * it keys its per-reporter limit by the id; the receivers check the signature (HMAC-SHA256). Both come from one
 * secret, TELEMETRY_PASS_SECRET, and both cover the client the cookie was minted to. A missing,
 * malformed, expired or forged cookie, or one sent from another client, is no reporter: its
 * requests fall to the address's strict limit (decisions 071, 076).
 */
export const REPORTER_COOKIE = 'loyalty_reporter';
/**
 * Where the edge asks the receivers for a reporter cookie for a page request without a valid one
 * (telemetry/src/receiver.ts, `REPORTER_MINT_ROUTE`; an `auth_request` of the page): outside the
 * paths any origin passes on, reached only from the edge. The page carries the cookie, so a
 * member's first pass request is its reporter's, not its address's (decision 073).
 */
export const REPORTER_MINT_PATH = '/internal/reporter-cookie';
/** The cookie's value, with the id, the expiry and the edge's token as its three groups. */
export const REPORTER_COOKIE_VALUE = '^([\\w-]{16})\\.(\\d{10})\\.([\\w-]{22})\\.[\\w-]{43}$';
/**
 * What the edge's token is the MD5 of, from the cookie's id and expiry and the client it was minted
 * to: the secret last, so that the hash cannot be extended, and a prefix of its own so that no
 * other MD5 of the secret passes. `client` is the client's key (`clientKeyOf` in
 * mock-api/src/security/client-key.ts: an IPv4 address whole, an IPv6 address by its /64), so a
 * cookie spent from another client is no reporter there, as if it had none (decision 076).
 */
export const reporterTokenInput = (id, expires, client, secret) => `reporter:${expires}:${id}:${client}:${secret}`;
/**
 * The header the edge passes the id of a reporter cookie it checked on with (empty: none, not
 * sent); a client's own is replaced. The receivers count what the edge and they agree on.
 */
export const REPORTER_CHECKED_HEADER = 'X-Loyalty-Reporter';
/**
 * The characters a TELEMETRY_PASS_SECRET may have to be written into the edge's configuration
 * (no `$`, quote or space), and its least length.
 */
export const REPORTER_SECRET = /^[\w+/=.~-]{32,}$/;

/** What a member whose reports the edge refuses is told (429). */
export const REPORTS_REFUSED_MESSAGE = 'Too many reports from this address: slow down.';

/** Where the shell's origin passes members' reports on to the telemetry receivers. */
export { TELEMETRY_PATH } from '../lib/apps.cjs';

/**
 * The receivers' routes the shell's origin passes on, exactly these paths and nothing else under
 * `TELEMETRY_PATH`: the receivers' `/metrics` (Prometheus scrapes each receiver directly) and
 * `/health` are never reachable through the portal. Each with the largest body it takes.
 */
export const TELEMETRY_ROUTES = Object.freeze([
  { path: TELEMETRY_REPORTS_URL, bodyBytes: EDGE_LIMITS.reportBytes },
  { path: CSP_REPORT_PATH, bodyBytes: EDGE_LIMITS.cspReportBytes },
  // A page's pass request, with its events when it is leaving before the pass came back.
  { path: TELEMETRY_PASS_URL, bodyBytes: EDGE_LIMITS.reportBytes },
]);

/**
 * Paths are ASCII without spaces or controls once percent-decoded: every route of the portal is.
 * Anything else (`%ff`, an overlong UTF-8 `%c0%af`) is refused with 400 before it reaches a file or
 * the API. A PCRE class in the syntax nginx reads (bytes, not characters).
 */
export const PATH_REFUSED = '[^\\x21-\\x7e]';

/** HTTP/0.9 requests: an answer to one carries no header, so no policy; closed unanswered. */
export const REFUSE_HTTP_09 = true;

/**
 * A request line in absolute form (`GET http://host:port/path HTTP/1.1`) is for a proxy, which the
 * edge is not: refused with 400, so no request can name where it is passed on.
 */
export const ABSOLUTE_FORM_REQUEST = '^[^ ]+ +[A-Za-z][A-Za-z0-9+.-]*:';

// ---------------------------------------------------------------------------------------------
// The pages' Content-Security-Policy

/** An http(s) address as a URL, or null for anything else (data:, javascript:, junk). */
function httpUrl(address, base) {
  try {
    const url = new URL(address, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * `scheme://host:port` of an http(s) address, or null for anything else, and for a host no DNS
 * name has: URLs allow `$`, quotes and more in a host, which no policy or configuration takes.
 */
const httpOrigin = (address, base) => {
  const origin = httpUrl(address, base)?.origin;
  return origin && /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d+)?$/.test(origin)
    ? origin
    : null;
};

/** A federation manifest (`mf-manifest.json`), which the runtime fetches rather than runs. */
const isFederationManifest = (entry) => /\.json(?:[?#]|$)/.test(entry);

/** Every release of every remote a manifest names: stable, canary and the earlier ones QA may load. */
function releasesOf(manifest) {
  const remotes = manifest && typeof manifest === 'object' ? Object.values(manifest.remotes ?? {}) : [];
  return remotes.flatMap((channels) =>
    [channels?.stable, channels?.canary, ...(Array.isArray(channels?.previous) ? channels.previous : [])].filter(
      (release) => typeof release?.entry === 'string',
    ),
  );
}

const unique = (values) => [...new Set(values.filter(Boolean))];

/**
 * The origins a release manifest sends the shell to. `scripts`: where remote entries (and the
 * chunks they load from beside them) come from. `fetched`: where the federation runtime fetches
 * a federation manifest (`mf-manifest.json`) rather than running a `remoteEntry.js`.
 * Relative entries resolve against `pageOrigin`; origins only, so a manifest can never add a
 * keyword or a directive to the policy.
 */
export function remoteOriginsOf(manifest, pageOrigin) {
  const releases = releasesOf(manifest);
  const originOf = (release) => httpOrigin(release.entry, pageOrigin);
  return {
    scripts: unique(releases.map(originOf)),
    fetched: unique(releases.filter((release) => isFederationManifest(release.entry)).map(originOf)),
  };
}

/**
 * A page's Content-Security-Policy: scripts from its own origin and `scriptOrigins` only (no
 * inline script, no `eval`), requests to its own origin and `connectOrigins` only, no `<base>`,
 * violations reported to `reportUrl`: by the Reporting API (`report-to`, with the page's
 * `Reporting-Endpoints`), and by `report-uri` in browsers without it.
 */
export function contentSecurityPolicy({ scriptOrigins = [], connectOrigins = [], imageOrigins = [], reportUrl } = {}) {
  const directives = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...unique(scriptOrigins)],
    // Chakra UI styles through emotion, which injects <style> elements at run time: styles need
    // 'unsafe-inline'. Scripts never do, and a style cannot run code.
    ['style-src', "'self'", "'unsafe-inline'"],
    // Rewards' pictures come from the API (docs/product/rewards.md, "Pictures").
    ['img-src', "'self'", 'data:', ...unique(imageOrigins)],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...unique(connectOrigins)],
    ['object-src', "'none'"],
    // No page has a <base>: an injected one cannot move where relative scripts load from.
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(reportUrl
      ? [
          ['report-to', CSP_REPORT_GROUP],
          ['report-uri', reportUrl],
        ]
      : []),
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The `Reporting-Endpoints` header that names the policy's `report-to` group. */
export function reportingEndpoints(reportUrl) {
  return `${CSP_REPORT_GROUP}="${reportUrl}"`;
}

/**
 * The shell's pages: remote entries from the origins of `manifest` (the release manifest in
 * force; null when it cannot be read, which allows no remote at all), calls to the API.
 */
export function shellContentSecurityPolicy({ manifest, apiUrl, shellOrigin }) {
  const remotes = remoteOriginsOf(manifest, shellOrigin);
  const notSelf = (origin) => origin !== shellOrigin;
  return contentSecurityPolicy({
    scriptOrigins: remotes.scripts.filter(notSelf),
    connectOrigins: [httpOrigin(apiUrl), ...remotes.fetched].filter(notSelf),
    imageOrigins: [httpOrigin(apiUrl)].filter(notSelf),
    reportUrl: cspReportUrl(shellOrigin),
  });
}

/** A remote's standalone harness page: its own scripts, calls to the API. */
export function remoteContentSecurityPolicy({ apiUrl, shellOrigin }) {
  const api = [httpOrigin(apiUrl)];
  return contentSecurityPolicy({ connectOrigins: api, imageOrigins: api, reportUrl: cspReportUrl(shellOrigin) });
}

// ---------------------------------------------------------------------------------------------
// The shell's `Link` header: preconnects and the landing remote's preloads

/**
 * The `Link` header of the shell's pages: a preconnect to each origin `manifest` sends remote
 * entries from, so the connection is open by the time the page asks for its remote's entry (after
 * main.js has run) instead of being opened then: one round trip off a phone's LCP by Lighthouse's
 * count (docs/performance.md, "Behind the code"). `crossorigin`: remote entries and their chunks
 * are fetched in CORS mode (shell/src/remotes/entry-script-plugin.ts), which has connections of its
 * own. Null when there is no such origin.
 */
function remotePreconnectLink({ manifest, shellOrigin }) {
  const origins = remoteOriginsOf(manifest, shellOrigin).scripts.filter((origin) => origin !== shellOrigin);
  return origins.length ? origins.map((origin) => `<${origin}>; rel=preconnect; crossorigin`).join(', ') : null;
}

const SRI = /^(sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2}$/;

/**
 * The release whose entry the page at `pathname` preloads: that of the remote that renders it,
 * with its entry as a URL. Only where every member gets the same release: with a canary running,
 * the member's cohort picks one in the browser. None for a federation manifest (fetched, not run),
 * an entry that is not http(s), or an integrity a `Link` header could not carry whole (it would not
 * match the script's). Null then, and for the shell's own pages.
 */
export function landingRelease({ manifest, shellOrigin, pathname, remoteMounts }) {
  const remote =
    pathname && remoteMounts ? remoteForMountedPath(pathname, remoteMounts, homeRemote.federationName) : null;
  const channels = remote && manifest && typeof manifest === 'object' ? manifest.remotes?.[remote] : null;
  const release = channels?.stable;
  if (!release || channels.canary || typeof release.entry !== 'string') return null;
  if (isFederationManifest(release.entry)) return null;
  const entry = httpUrl(release.entry, shellOrigin);
  if (!entry) return null;
  const { integrity } = release;
  if (integrity !== undefined && !(typeof integrity === 'string' && SRI.test(integrity))) return null;
  return { entry, integrity };
}

/**
 * Whether the page at `pathname` preloads, beside its remote's entry, the scripts that entry asks
 * for at once (decision 016): the pages a member without a session lands on (sign-in, sign-up),
 * where the remote's routes module and texts are what the page waits for after main.js. Not the
 * signed-in pages: there the shell's layout, its API client and the member's figures come first,
 * and in throttled Chromium the dashboard's LCP was later with these preloads (docs/performance-log.md).
 */
export function preloadsLandingScripts(pathname) {
  return typeof pathname === 'string' && !isSignedInPage(pathname);
}

/**
 * An address a `Link` header can carry as it is, and a generated server configuration too: no
 * character that would end the `<…>` or the header, or start a variable.
 */
const linkSafe = (address) => /^[A-Za-z0-9\-._~:/?#[\]@!&'()*+,;=%]+$/.test(address) && !address.includes('>');

/**
 * Preloads of the entry of the remote that renders the page (`landingRelease`), and on the pages
 * `preloadsLandingScripts` names, of the scripts that entry asks for at once (`landingScripts`,
 * read beside it by landing-scripts.mjs), so that they download beside main.js instead
 * of after it has run: on a phone, round trips come off the page's critical path (decisions 014
 * and 016). In CORS mode, as the federation runtime asks for them
 * (shell/src/remotes/entry-script-plugin.ts), and each with the integrity its script tag carries
 * (the entry the release's, a chunk the build's, decision 055): a preload the script does not match
 * is fetched twice. At low priority, so that main.js, which the page needs
 * first, keeps its share. A member the guards send elsewhere (signed in, on the sign-in page) has
 * downloaded a few small files for nothing.
 */
function landingPreloads({ release, pathname, landingScripts = [] }) {
  if (!release || !linkSafe(release.entry.href)) return [];
  const preload = (url, extra = '') => `<${url}>; rel=preload; as=script; crossorigin; fetchpriority=low${extra}`;
  const withIntegrity = (integrity) => (integrity && SRI.test(integrity) ? `; integrity="${integrity}"` : '');
  const { entry, integrity } = release;
  const scripts = preloadsLandingScripts(pathname) ? landingScripts.filter(({ url }) => linkSafe(url)) : [];
  return [
    preload(entry.href, withIntegrity(integrity)),
    ...scripts.map((script) => preload(script.url, withIntegrity(script.integrity))),
  ];
}

/**
 * The headers of the shell's pages: their policy, where to preconnect and, given the page's path
 * and the mount table, the entry of the remote that renders it and the scripts that entry asks for
 * at once (`landingScripts`, read beside that entry by the caller).
 */
export function shellPageHeaders({ manifest, apiUrl, shellOrigin, pathname, remoteMounts, landingScripts }) {
  const release = landingRelease({ manifest, shellOrigin, pathname, remoteMounts });
  const links = [
    remotePreconnectLink({ manifest, shellOrigin }),
    ...landingPreloads({ release, pathname, landingScripts }),
  ].filter(Boolean);
  return {
    'Content-Security-Policy': shellContentSecurityPolicy({ manifest, apiUrl, shellOrigin }),
    ...(links.length ? { Link: links.join(', ') } : {}),
  };
}

/**
 * The paths where the shell's page headers change, longest first: each mount of the table, where
 * the signed-in pages start, and the home page. The headers of a path are those of the longest of
 * these it is, or is under (the home page only itself); a path under none gets the shell's own.
 * So a server can send them by a table of prefixes instead of working them out per request.
 */
export function pageHeaderBoundaries(remoteMounts) {
  const prefixes = [...new Set([...Object.values(remoteMounts), SIGNED_IN_ROOT])].sort((a, b) => b.length - a.length);
  return [...prefixes.map((path) => ({ path, exact: false })), { path: '/', exact: true }];
}

/**
 * The `Link` header of the shell's pages for each boundary (`pageHeaderBoundaries`), and for the
 * rest (`otherwise`). `landingScriptsOf(entry)` gives the scripts that entry asks for at once.
 */
export async function shellPageLinks({ manifest, apiUrl, shellOrigin, remoteMounts, landingScriptsOf }) {
  const linkFor = async (pathname) => {
    const release = landingRelease({ manifest, shellOrigin, pathname, remoteMounts });
    const landingScripts =
      release && preloadsLandingScripts(pathname) ? await landingScriptsOf(release.entry) : undefined;
    return shellPageHeaders({ manifest, apiUrl, shellOrigin, pathname, remoteMounts, landingScripts }).Link ?? null;
  };
  const boundaries = [];
  for (const boundary of pageHeaderBoundaries(remoteMounts)) {
    boundaries.push({ ...boundary, link: await linkFor(boundary.path) });
  }
  return { boundaries, otherwise: await linkFor(null) };
}
