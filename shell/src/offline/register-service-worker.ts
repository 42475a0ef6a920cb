// The page's side of the service worker (decision 068): production builds register it once the
// page is idle; the development servers never do, and unregister one a production build left on
// the same origin, so development never serves a kept file.
//
// Registered with the browser's own API, from the code the page loads at start: a chunk of the
// page's build loaded for it later would be gone after a release, and the page would never get
// the worker that tells it of the new shell.

/** Where the shell's build writes the worker (webpack/create-app-config.cjs). */
export const SERVICE_WORKER_URL = '/sw.js';

// Defined by webpack; absent under jest.
const WORKER_BUILT = typeof __SERVICE_WORKER__ === 'boolean' && __SERVICE_WORKER__;

/** Sends `message` to `worker` with a port for its answer: what the worker answers on it. */
export function messageWorker(worker: ServiceWorker, message: object): Promise<unknown> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }: MessageEvent<unknown>) => {
      channel.port1.close();
      resolve(data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

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
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  // What this load fetched before the worker controlled it (a first visit): the worker keeps the
  // files its routes keep, so that the next visit, offline too, has them.
  if (navigator.serviceWorker.controller) return;
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker) return;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith('https:') || url.startsWith('http:'));
  await messageWorker(worker, { type: 'CACHE_URLS', payload: { urlsToCache: loaded } });
  await messageWorker(worker, { type: 'KEEP_PAGE', url: window.location.href });
}
