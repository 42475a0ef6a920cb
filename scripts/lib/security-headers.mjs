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

/** `scheme://host:port` of an http(s) address, or null for anything else (data:, javascript:, junk). */
function httpOrigin(address, base) {
  try {
    const url = new URL(address, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

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
  const isFetched = (release) => /\.json(?:[?#]|$)/.test(release.entry);
  return {
    scripts: unique(releases.map(originOf)),
    fetched: unique(releases.filter(isFetched).map(originOf)),
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

/** The headers of the shell's pages: their policy, and where to preconnect. */
export function shellPageHeaders({ manifest, apiUrl, shellOrigin }) {
  const link = remotePreconnectLink({ manifest, shellOrigin });
  return {
    'Content-Security-Policy': shellContentSecurityPolicy({ manifest, apiUrl, shellOrigin }),
    ...(link ? { Link: link } : {}),
  };
}

/** A remote's standalone harness page: its own scripts, calls to the API. */
export function remoteContentSecurityPolicy({ apiUrl }) {
  return contentSecurityPolicy({ connectOrigins: [httpOrigin(apiUrl)] });
}
