import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';

// After a release, a chunk of the page's older build is gone from the server: loading it fails.
jest.mock(
  'workbox-window',
  () => {
    throw new Error('Loading chunk service-worker-window failed.');
  },
  { virtual: true },
);

/** A first visit's `navigator.serviceWorker`: registering `/sw.js` installs a worker that answers each message. */
function firstVisit() {
  const messages: unknown[] = [];
  const worker = {
    postMessage: (message: unknown, ports: MessagePort[]) => {
      messages.push(message);
      ports[0]?.postMessage(true);
      ports[0]?.close();
    },
  };
  const register = jest.fn(() => Promise.resolve({ installing: worker, waiting: null, active: null }));
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { controller: null, register, getRegistrations: () => Promise.resolve([]) },
    configurable: true,
  });
  // What the page loaded before its worker ran (jsdom keeps no resource timings).
  const loaded = ['http://localhost/main.js?build-1', 'data:font/woff2;base64,AAAA'];
  Object.defineProperty(performance, 'getEntriesByType', {
    value: () => loaded.map((name) => ({ name })),
    configurable: true,
  });
  return { register, messages };
}

describe('registerServiceWorker, in a production build', () => {
  beforeAll(() => {
    Object.assign(globalThis, { __SERVICE_WORKER__: true });
    // jsdom has no MessageChannel; Node's carries the message and the answer as a browser's does.
    Object.defineProperty(globalThis, 'MessageChannel', { value: NodeMessageChannel, configurable: true });
  });
  afterAll(() => {
    Reflect.deleteProperty(globalThis, '__SERVICE_WORKER__');
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(performance, 'getEntriesByType');
  });

  it("registers the worker with what the page loaded at start, whatever became of its build's chunks", async () => {
    const { register, messages } = firstVisit();
    const { registerServiceWorker, SERVICE_WORKER_URL } = await import('./register-service-worker');
    await registerServiceWorker();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    // A first visit hands the worker what it loaded before the worker ran, then the page itself.
    expect(messages).toEqual([
      { type: 'CACHE_URLS', payload: { urlsToCache: ['http://localhost/main.js?build-1'] } },
      { type: 'KEEP_PAGE', url: window.location.href },
    ]);
  });
});
