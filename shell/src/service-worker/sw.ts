// The portal's service worker (decision 068), on the shell's origin with the scope `/`: it sees the
// shell's pages' requests, those to the remotes' origins included. What it keeps:
// - the shell's own files that every page loads, precached with each shell build;
// - pages and `/config.json`: network first within a short time, the last copy when the network
//   fails or is slower than that; the release manifest: network first however slow, the last copy
//   only when the network fails;
// - the remotes' files the release manifest in force names: content-hashed ones cache first,
//   entries network first. A release the manifest stops naming leaves the cache with the first
//   manifest from the network that no longer names it, and its files are never served from it again.
// The browser checks each script's integrity on what this worker answers, cached or not: an entry
// or chunk whose bytes differ from what was released is refused as without the worker.
// API answers are never kept here: the member's data stays with the page's query cache, whose
// lifetime is the session's.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import type { WorkboxPlugin } from 'workbox-core/types';
import { forgetWithdrawn, isContentHashed, isNamed, releaseFolders } from './release-scope';
import { buildNamedBy, SHELL_BUILD_MESSAGE } from './shell-build';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** How long a page or a start-up document may take from the network before the kept copy is used. */
const NETWORK_TIME_LIMIT_SECONDS = 3;

const CACHES = {
  pages: 'loyalty-pages',
  startUp: 'loyalty-start-up',
  shellChunks: 'loyalty-shell-chunks',
  remotes: 'loyalty-remotes',
} as const;

const RELEASE_MANIFEST_PATH = '/release-manifest.json';
/** Paths the worker never answers from a cache: the API (the member's data) and the reports. */
const NEVER_KEPT = ['/api/', '/telemetry/'];

// A new shell takes over at once, and so serves the next navigation whole: its pages and its
// precached files name each other (main.js by its build's hash), never an older build's.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// A page's request starts while the worker starts, not after (NetworkFirst uses the preloaded one).
enableNavigationPreload();

/** What Chromium's static routing takes (InstallEvent.addRoutes); not yet in TypeScript's lib. */
interface StaticRoutes {
  addRoutes?(routes: Array<{ condition: { urlPattern: string }; source: 'network' }>): Promise<void>;
}
// The API and the reports go to the network without waking the worker: it never answers them, and
// every request it is asked about costs the page a round trip to the worker's thread (each page
// load makes about ten of them). Browsers without static routing ask the worker, which passes.
/** Whether this worker replaces an earlier build's (set when installed). */
let replacesAnother = false;
self.addEventListener('install', (event) => {
  replacesAnother = self.registration.active !== null;
  const routes = (event as ExtendableEvent & StaticRoutes).addRoutes;
  if (!routes) return;
  event.waitUntil(
    routes
      .call(
        event,
        NEVER_KEPT.map((path) => ({ condition: { urlPattern: `${path}*` }, source: 'network' as const })),
      )
      .catch(() => undefined),
  );
});
// The shell's chunks kept by an earlier build are of no use to this one: dropped once it takes
// over, rather than counted on every answer (an expiration plugin writes to IndexedDB each time).
// A first install keeps what the first visit hands it meanwhile (`CACHE_URLS`).
self.addEventListener('activate', (event) => {
  if (replacesAnother) event.waitUntil(caches.delete(CACHES.shellChunks).then(() => undefined));
});
// main.js is linked as `main.js?<build hash>`: the precache names it so, and matches it whole.
// (Workbox's build writes the list in place of the one mention of `self.__WB_MANIFEST`.)
const PRECACHED = self.__WB_MANIFEST;
precacheAndRoute(PRECACHED, { ignoreURLParametersMatching: [] });

const onlyWhole = new CacheableResponsePlugin({ statuses: [200] });

// ---------------------------------------------------------------------------------------------
// The release manifest in force, and the remote files it names

/** The folders of the releases the manifest in force names; undefined until read. */
let namedFolders: string[] | undefined;

function adoptManifest(manifest: unknown): string[] {
  namedFolders = releaseFolders(manifest, self.location.origin);
  return namedFolders;
}

let manifestRead: Promise<string[]> | undefined;

/**
 * The folders of the last manifest read: after a restart, the kept copy; before any, the network's
 * (a remote's entry can be asked for before the page's own request for the manifest).
 */
function currentFolders(): Promise<string[]> {
  if (namedFolders) return Promise.resolve(namedFolders);
  manifestRead ??= (async () => {
    const url = new URL(RELEASE_MANIFEST_PATH, self.location.origin).href;
    const kept = await caches.match(url, { cacheName: CACHES.startUp });
    const response = kept ?? (await fetch(url, { cache: 'no-store' }));
    if (!kept && response.status === 200) await (await caches.open(CACHES.startUp)).put(url, response.clone());
    return namedFolders ?? adoptManifest(await response.json());
  })()
    .catch(() => [])
    .finally(() => {
      manifestRead = undefined;
    });
  return manifestRead;
}

/**
 * Follows each release manifest the network answers with, before the page reads it: the page asks
 * for the releases it names at once, and a release named for the first time (a canary, a promotion
 * from elsewhere) must be kept from that first load, or the next load offline has no entry.
 * The files of releases it no longer names are dropped meanwhile.
 */
const followReleases: WorkboxPlugin = {
  async fetchDidSucceed({ response, event }) {
    if (response.status !== 200) return response;
    try {
      const folders = adoptManifest(await response.clone().json());
      event.waitUntil(caches.open(CACHES.remotes).then((cache) => forgetWithdrawn(cache, folders)));
    } catch {
      // A manifest that does not parse names nothing new; the shell reports it.
    }
    return response;
  },
};

// ---------------------------------------------------------------------------------------------
// Routes

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && url.pathname === '/config.json',
  new NetworkFirst({
    cacheName: CACHES.startUp,
    networkTimeoutSeconds: NETWORK_TIME_LIMIT_SECONDS,
    plugins: [onlyWhole],
  }),
);
// The release manifest waits for the network however long it takes, and the kept copy answers only
// when there is none: a copy kept from before a rollback, answered because the network was slow,
// would bring the rolled-back canary back to its cohort. Releases stay in charge.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && url.pathname === RELEASE_MANIFEST_PATH,
  new NetworkFirst({ cacheName: CACHES.startUp, plugins: [onlyWhole, followReleases] }),
);

/** Offline on a page never opened online: another page of the portal (the app draws any route). */
const anyKeptPage: WorkboxPlugin = {
  async handlerDidError() {
    const cache = await caches.open(CACHES.pages);
    const [first] = await cache.keys();
    return first ? cache.match(first) : undefined;
  },
};
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: CACHES.pages,
      networkTimeoutSeconds: NETWORK_TIME_LIMIT_SECONDS,
      plugins: [onlyWhole, anyKeptPage],
    }),
    { denylist: NEVER_KEPT.map((path) => new RegExp(`^${path}`)) },
  ),
);

// The shell's own content-hashed files that the precache does not hold: kept once used.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    !NEVER_KEPT.some((path) => url.pathname.startsWith(path)) &&
    isContentHashed(url.href),
  new CacheFirst({ cacheName: CACHES.shellChunks, plugins: [onlyWhole] }),
);

const remoteFilesHashed = new CacheFirst({ cacheName: CACHES.remotes, plugins: [onlyWhole] });
const remoteEntries = new NetworkFirst({
  cacheName: CACHES.remotes,
  networkTimeoutSeconds: NETWORK_TIME_LIMIT_SECONDS,
  plugins: [onlyWhole],
});
registerRoute(
  ({ url, request }) => url.origin !== self.location.origin && request.method === 'GET',
  async (options) => {
    const { request } = options;
    // A file no release in force names goes to the network as without the worker, and is not kept.
    if (!isNamed(request.url, await currentFolders())) return fetch(request);
    return (isContentHashed(request.url) ? remoteFilesHashed : remoteEntries).handle(options);
  },
);

// ---------------------------------------------------------------------------------------------
// What the page loaded before this worker controlled it (its first visit)

/** The page a member first opened, kept as its next load would have been. */
async function keepPage(url: string): Promise<void> {
  const page = new URL(url);
  if (page.origin !== self.location.origin || NEVER_KEPT.some((path) => page.pathname.startsWith(path))) return;
  const response = await fetch(page.href, { credentials: 'same-origin' });
  if (response.status === 200 && response.headers.get('content-type')?.startsWith('text/html')) {
    await (await caches.open(CACHES.pages)).put(page.href, response);
  }
}

/** The shell build this worker precaches, as its page names it (main.js?<build hash>). */
const SHELL_BUILD = buildNamedBy(
  PRECACHED.map((entry) => (typeof entry === 'string' ? entry : entry.url)),
  self.location.href,
);

// The page's files come as `CACHE_URLS` (workbox-routing routes each as if the page asked for it);
// the page itself, a navigation no route can be asked for by URL, as `KEEP_PAGE`. A page asks
// which shell this worker serves (`SHELL_BUILD`): one that runs another build is told of a new shell
// when it needs one (shell/src/offline/shell-update.ts).
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (data && typeof data === 'object' && 'type' in data && data.type === SHELL_BUILD_MESSAGE) {
    event.ports[0]?.postMessage(SHELL_BUILD ?? null);
    return;
  }
  if (data && typeof data === 'object' && 'type' in data && data.type === 'KEEP_PAGE' && 'url' in data) {
    if (typeof data.url !== 'string') return;
    const kept = keepPage(data.url).then(
      () => true,
      () => false,
    );
    // The page waits for an answer on the port it sends (shell/src/offline/register-service-worker.ts).
    event.waitUntil(kept.then((done) => event.ports[0]?.postMessage(done)));
  }
});
