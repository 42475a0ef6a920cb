// The page's side of the service worker (decision 068): production builds register it once the
// page is idle; the development servers never do, and unregister one a production build left on
// the same origin, so development never serves a kept file.

/** Where the shell's build writes the worker (webpack/create-app-config.cjs). */
export const SERVICE_WORKER_URL = '/sw.js';

// Defined by webpack; absent under jest.
const WORKER_BUILT = typeof __SERVICE_WORKER__ === 'boolean' && __SERVICE_WORKER__;

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  if (!WORKER_BUILT) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
    console.info(
      'Service worker not registered: development build (npm start). Production builds register /sw.js for offline use.',
    );
    return;
  }
  const { Workbox } = await import(/* webpackChunkName: "service-worker-window" */ 'workbox-window');
  const worker = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  await worker.register();
  // What this load fetched before the worker controlled it (a first visit): the worker keeps the
  // files its routes keep, so that the next visit, offline too, has them.
  if (navigator.serviceWorker.controller) return;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith('https:') || url.startsWith('http:'));
  await worker.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: loaded } });
  await worker.messageSW({ type: 'KEEP_PAGE', url: window.location.href });
}
