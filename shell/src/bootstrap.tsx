import { startTransition } from 'react';
// Provided from this entry for the remotes' pages, which word their failures with it (sign-in
// first). The shell itself never calls it, and a build provides only the shared modules it
// imports: without this line each remote fetched a copy of its own, one more script on sign-in.
import '@loyalty/shared/api/messages';
import { loadRuntimeConfig } from '@loyalty/shared/config';
import { i18n, initI18n, prepareFormatting, registerNamespace, textsLoaded } from '@loyalty/shared/i18n';
import { isSignedInPage, landingPagesLoaded, onLandingPage, paths } from '@loyalty/shared/router';
import { isSignedIn, preloadApi, preloadQueryClient, sessionStore } from '@loyalty/shared/session';
import { prepareFederation, registerReleasedRemotes } from './remotes/federation';
import { preloadRemoteFor } from './remotes/routes-download';
import { prefetchDashboard, prefetchPermission } from './routing/start-up-queries';
import { registerServiceWorker } from './offline/register-service-worker';
import { watchShellUpdates } from './offline/shell-update';
import { startReporting } from './telemetry/start-reporting';

registerNamespace('shell', (language) => import(`./locales/${language}.json`));

/**
 * How long the first render waits for the page the member landed on to be whole. Past it, the
 * page renders with a loader where its remote goes, as after any navigation.
 */
const LANDING_WAIT_LIMIT_MS = 2000;

/** Runs `work` once, when the member first reaches for the page: a pointer, a key, a focus. */
function onFirstInteraction(work: () => void): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const once = () => {
    for (const event of events) window.removeEventListener(event, once, true);
    work();
  };
  for (const event of events) window.addEventListener(event, once, { capture: true, passive: true });
}

/** Runs `work` once the main thread has nothing else to do (soon, where browsers cannot tell). */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 0);
}

/** How long the page's network must be still before the worker may start downloading. */
const QUIET_MS = 3000;

/**
 * Resolves once the page has loaded and fetched nothing new for `QUIET_MS`: its code, its data and
 * its pictures are in, so what comes after no longer competes with them.
 */
function whenNetworkQuiet(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, QUIET_MS);
        const observer = new PerformanceObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, QUIET_MS);
        });
        observer.observe({ type: 'resource', buffered: false });
        function done() {
          observer.disconnect();
          resolve();
        }
      }),
  );
}

/** Runs `load` in a task of its own, after the current one: a long start-up becomes shorter tasks. */
function inTaskOfItsOwn<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(load);
}

async function start() {
  // The application is evaluated in a task of its own, after the requests below have gone out
  // rather than before them. Its chunk downloads beside this one (webpackPreload). The two largest
  // libraries it needs, already in this script, are evaluated in tasks of their own while that
  // chunk downloads: Chakra with its system (the longest piece of start-up work) and React DOM's
  // client. Evaluated with the application, they made one long task on a phone
  // (docs/performance.md, "Behind the code").
  const application = import(/* webpackPreload: true */ './app');
  const userInterface = inTaskOfItsOwn(() => import('@loyalty/shared/ui'));
  const reactDom = inTaskOfItsOwn(() => import('react-dom/client'));
  startReporting();
  // Before any lazy file is asked for: a new shell's worker may take over this page at any time.
  watchShellUpdates();
  prepareFederation();
  // As the session will see it: a token past its expiry ends it, and the guards send to sign in.
  const signedIn = isSignedIn();
  // The API layer and its HTTP client are chunks of their own. A session asks the API as soon as
  // the configuration is in, so they come beside the configuration; a signed-out page (sign-in) is
  // usable without them, and fetches them when the member starts filling it in. The query client
  // (with its library) too, for a session only: sign-in's calls read nothing from the cache.
  if (signedIn) {
    preloadApi();
    preloadQueryClient();
  } else onFirstInteraction(preloadApi);
  await loadRuntimeConfig();
  const { pathname } = window.location;
  // The session, the texts and the remotes are independent: fetch them side by side.
  void sessionStore.getState().initialize();
  // The page's remote starts downloading as soon as it is known, beside the texts.
  const remotesReady = registerReleasedRemotes();
  // (Remotes that cannot be registered fail the start below, not here.)
  const routesLoaded = remotesReady.then(
    () => preloadRemoteFor(pathname, signedIn),
    () => undefined,
  );
  // A dashboard page shows once the server has said the member may open it (PermissionGate): ask
  // now, beside the code, rather than after the layout's first render.
  const permissionAnswered =
    signedIn && isSignedInPage(pathname) ? prefetchPermission(pathname).catch(() => undefined) : undefined;
  // The dashboard's figures likewise, into the same query cache its cards read.
  if (signedIn) onLandingPage(paths.dashboard.root, () => void prefetchDashboard().catch(() => undefined));
  // A signed-in member's pages are pages of figures: their formatters are built in a moment when
  // the page waits for its code, rather than inside its first render.
  if (signedIn) whenIdle(() => prepareFormatting(i18n.language));
  const [{ App }, { createRoot }] = await Promise.all([application, reactDom, initI18n(), remotesReady, userInterface]);
  await landingPageLoaded(Promise.all([application, routesLoaded, permissionAnswered]));
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that give the main thread back every few milliseconds, so the
  // first render is not one long task on a slow phone (total blocking time).
  startTransition(() => root.render(<App />));
  // The worker keeps what this page loaded for the next visit: after the page, never before it.
  // Idle alone came while the page still waited for its data: the worker's downloads then shared
  // a slow phone's network with them (docs/performance.md, "What the service worker costs").
  void whenNetworkQuiet().then(() =>
    whenIdle(() => void registerServiceWorker().catch((error: unknown) => console.warn('Service worker', error))),
  );
}

/**
 * Waits, within LANDING_WAIT_LIMIT_MS, for `ready` (the application, the remote's routes and the
 * permission answer), then for the code and the texts of the page the member landed on, as far as
 * the modules evaluated by then have asked for them. The page then appears whole. Were a loader
 * drawn first, React would hold the page back for 300 ms after it, however soon its code arrived
 * (Suspense's throttle).
 */
async function landingPageLoaded(ready: Promise<unknown>): Promise<void> {
  const loaded = ready.then(() => Promise.all([landingPagesLoaded(), textsLoaded()]));
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, LANDING_WAIT_LIMIT_MS))]);
}

start().catch((error: unknown) => {
  console.error('The application could not start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'The application could not start. Please reload the page.';
});
