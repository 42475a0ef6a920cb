// A signed-in member's page starts by asking the API the same things: who the member is and
// whether they may open the page, and on the dashboard its four figures (startUpRequestsFor, the
// addresses the API functions call). theme-init.ts loads this script, built to
// /start-up-requests.js, on such a page; it sends those requests while main.js downloads, rather
// than two round trips after it (decisions 019 and 020).
//
// The configuration's loader takes the configuration fetched here, and the start-up's queries take
// an answer only for the very same request (shared/src/api/start-up-answers.ts), once, into the
// query cache. shell/src/start-up-requests.test.ts runs this script and then those queries, and
// fails if one of them is not served from here; an e2e test does the same in Chromium.
import { readStoredSession, startUpRequestsFor, type StartUpRequest } from '@loyalty/shared/pre-paint';
// (Where the configuration's loader declares `window.__startUpConfig`.)
import type {} from '@loyalty/shared/config';

const absolute = (address: string) => new URL(address, window.location.href).href;

function sendAll(config: { HOST_API?: unknown }, sent: StartUpRequest[]) {
  const api = String(config.HOST_API).replace(/\/+$/, '');
  const authorization = `Bearer ${readStoredSession().accessToken}`;
  for (const { method, path, body } of startUpRequestsFor(window.location.pathname)) {
    const init: RequestInit =
      body === undefined
        ? { method, headers: { Authorization: authorization } }
        : {
            method,
            headers: { Authorization: authorization, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          };
    const request = new Request(absolute(api + path), init);
    const response = fetch(request);
    response.catch(() => undefined);
    sent.push({
      method: request.method,
      url: request.url,
      authorization,
      body: typeof init.body === 'string' ? init.body : null,
      sentAt: performance.now(),
      response,
    });
  }
}

// The application has started already (a script from the cache can run after main.js): it sends
// its own requests, and answers sent from here would come after them.
if (window.__startUpConfig === undefined && 'fetch' in window) {
  const sent: StartUpRequest[] = (window.__startUpRequests = []);
  // The application gets the configuration only once the requests have gone out. Both read the
  // same answer, each its own copy, and the copies' reads end in either order: main.js from the
  // worker's cache, reading first, sent its own requests, and then these went out as well.
  window.__startUpConfig = fetch(absolute('/config.json'), { cache: 'no-store' }).then((response) =>
    (response.clone().json() as Promise<{ HOST_API?: unknown }>)
      .then((answer) => sendAll(answer, sent))
      .catch(() => undefined)
      .then(() => response),
  );
}
