// The security headers of the preview servers, in one place: what every response carries, and the
// Content-Security-Policy of the pages. The shell's policy follows the release manifest in force,
// so a remote released to a new origin is allowed from the next page load, and nothing else is.
// The shell's pages also name those origins to preconnect to (`Link`), from the same reading.

/** Sent with every response of every preview server. */
export const COMMON_SECURITY_HEADERS = Object.freeze({
  // Files are run or rendered only as the type they are served with.
  'X-Content-Type-Options': 'nosniff',
  // Page addresses (`returnTo`, filters) stay in the page: no origin needs them, the API included.
  'Referrer-Policy': 'no-referrer',
});

/** An http(s) address as a URL, or null for anything else (data:, javascript:, junk). */
function httpUrl(address, base) {
  try {
    const url = new URL(address, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** `scheme://host:port` of an http(s) address, or null for anything else. */
const httpOrigin = (address, base) => httpUrl(address, base)?.origin ?? null;

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
 * inline script, no `eval`), requests to its own origin and `connectOrigins` only.
 */
export function contentSecurityPolicy({ scriptOrigins = [], connectOrigins = [] } = {}) {
  const directives = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...unique(scriptOrigins)],
    // Chakra UI styles through emotion, which injects <style> elements at run time: styles need
    // 'unsafe-inline'. Scripts never do, and a style cannot run code.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...unique(connectOrigins)],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
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
  });
}

/**
 * The `Link` header of the shell's pages: a preconnect to each origin `manifest` sends remote
 * entries from, so the connection is open by the time the page asks for its remote's entry (after
 * main.js has run) instead of being opened then: one round trip, about 150 ms of a phone's LCP by
 * Lighthouse's count. `crossorigin`: remote entries and their chunks are fetched in CORS mode
 * (shell/src/remotes/entry-script-plugin.ts), which has connections of its own. Null when there
 * is no such origin.
 */
function remotePreconnectLink({ manifest, shellOrigin }) {
  const origins = remoteOriginsOf(manifest, shellOrigin).scripts.filter((origin) => origin !== shellOrigin);
  return origins.length ? origins.map((origin) => `<${origin}>; rel=preconnect; crossorigin`).join(', ') : null;
}

/**
 * The remote whose routes render `pathname`, from the portal's mount table
 * (shared/src/router/remote-mounts.json): the deepest mount wins, and the home page belongs to
 * mf-auth. The browser decides with `remoteForPath` (shared/src/router/remote-for-path.ts); a test
 * holds the two to the same answers. Null for the shell's own pages, such as the 404.
 */
export function remoteForPagePath(pathname, remoteMounts) {
  if (pathname === '/') return 'mf_auth';
  let found = null;
  for (const [remote, mount] of Object.entries(remoteMounts)) {
    const inside = pathname === mount || pathname.startsWith(`${mount}/`);
    if (inside && (!found || mount.length > remoteMounts[found].length)) found = remote;
  }
  return found;
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
  const remote = pathname && remoteMounts ? remoteForPagePath(pathname, remoteMounts) : null;
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

/** Where the signed-in pages start: `paths.dashboard.root` (shared/src/router/paths.ts), held equal by a test. */
export const SIGNED_IN_ROOT = '/dashboard';

/**
 * Whether the page at `pathname` preloads, beside its remote's entry, the scripts that entry asks
 * for at once (decision 016): the pages a member without a session lands on (sign-in, sign-up),
 * where the remote's routes module and texts are what the page waits for after main.js. Not the
 * signed-in pages: there the shell's layout, its API client and the member's figures come first,
 * and in throttled Chromium the dashboard's LCP was later with these preloads (docs/performance-log.md).
 */
export function preloadsLandingScripts(pathname) {
  return typeof pathname === 'string' && pathname !== SIGNED_IN_ROOT && !pathname.startsWith(`${SIGNED_IN_ROOT}/`);
}

/**
 * Preloads of the entry of the remote that renders the page (`landingRelease`), and on the pages
 * `preloadsLandingScripts` names, of the scripts that entry asks for at once (`landingScripts`,
 * read beside it by scripts/edge/landing-scripts.mjs), so that they download beside main.js instead
 * of after it has run: on a phone, round trips come off the page's critical path (decisions 014
 * and 016). In CORS mode, as the federation runtime asks for them
 * (shell/src/remotes/entry-script-plugin.ts), and the entry with the release's integrity: a preload
 * the script does not match is fetched twice. At low priority, so that main.js, which the page needs
 * first, keeps its share. A member the guards send elsewhere (signed in, on the sign-in page) has
 * downloaded a few small files for nothing.
 */
function landingPreloads({ release, pathname, landingScripts = [] }) {
  if (!release) return [];
  const preload = (url, extra = '') => `<${url}>; rel=preload; as=script; crossorigin; fetchpriority=low${extra}`;
  const { entry, integrity } = release;
  const scripts = preloadsLandingScripts(pathname) ? landingScripts : [];
  return [preload(entry.href, integrity ? `; integrity="${integrity}"` : ''), ...scripts.map((url) => preload(url))];
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

/** A remote's standalone harness page: its own scripts, calls to the API. */
export function remoteContentSecurityPolicy({ apiUrl }) {
  return contentSecurityPolicy({ connectOrigins: [httpOrigin(apiUrl)] });
}
