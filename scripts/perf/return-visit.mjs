// The return of `npm run perf`: a member who has been here before, on the slow phone. One warm
// visit (signed in, the dashboard and the card page each once, online, unthrottled) lets the
// service worker install, take control and keep the pages' files, and the page keep its answers
// (decision 068); then, in the same tab, timed visits as on the slow phone with the browser's cache
// on: the dashboard to its balance, and the card page offline to its code. A build without a worker
// still has the browser's HTTP cache on the repeat visit; offline it has the browser's error page.
import { median } from './page-metrics.mjs';
import { SLOW_PHONE_SCREEN, recordMilestones, slowDown, timeVisit } from './slow-phone.mjs';

/**
 * The visits timed, each `until` what a member waits for on it; the visit ends at its last
 * milestone. The balance and the code are on screen once the first paint has them from what the
 * tab kept (the skeleton's kept figure and drawing) or the application has drawn them; `app` is the
 * application's own.
 */
export const RETURN_VISITS = [
  {
    name: 'repeat',
    path: '/dashboard',
    offline: false,
    until: 'balance',
    milestones: [
      { name: 'balance', selector: '[data-testid="balance-pointBalance"], .fp-kept', text: '\\d' },
      { name: 'app', selector: '[data-testid="balance-pointBalance"]', text: '\\d' },
    ],
  },
  {
    name: 'offline',
    path: '/dashboard/card',
    offline: true,
    until: 'code',
    milestones: [
      { name: 'code', selector: '[data-testid="member-qr"] svg, [data-kept-drawing="member-qr"] svg' },
      { name: 'app', selector: '[data-testid="member-qr"] svg' },
    ],
  },
];

const WARM_TIMEOUT_MS = 60_000;

/** Whether the build serves a service worker (a build before it answers `/sw.js` with its page). */
const servesWorker = (page) =>
  page.evaluate(async () => {
    const response = await fetch('/sw.js', { cache: 'no-store' });
    return response.ok && /javascript/.test(response.headers.get('content-type') ?? '');
  });

/**
 * Every script the page loaded is in the worker's caches (the worker keeps them as they pass).
 * Polled here: `waitForFunction` takes a promise for a truthy answer and would not wait.
 */
async function scriptsKept(page) {
  const deadline = Date.now() + WARM_TIMEOUT_MS;
  for (;;) {
    const missing = await page.evaluate(async () => {
      const scripts = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\.js(\?|$)/.test(url))
        // The reports, and the worker's own script (fetched above to see whether there is one).
        .filter((url) => !new URL(url).pathname.startsWith('/telemetry/') && new URL(url).pathname !== '/sw.js');
      // The precache keeps the unhashed start-up scripts under their revision (`?__WB_REVISION__=`).
      const found = await Promise.all(
        [location.href, ...scripts].map(
          async (url) => (await caches.match(url)) ?? (await caches.match(url, { ignoreSearch: true })),
        ),
      );
      return [location.href, ...scripts].filter((_, index) => !found[index]);
    });
    if (missing.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`the worker did not keep ${missing.join(', ')} within ${WARM_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A member's tab after one warm visit of `origin`: the dashboard until its balance is on screen,
 * the worker in control and the answers kept; then the card page until its code is on screen, kept
 * for the next first paint, and its files kept. Waits for each of those, never a fixed time.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {{ origin: string, prepare: (context: import('playwright-core').BrowserContext) => Promise<void> }} options
 */
export async function openReturningTab(browser, { origin, prepare }) {
  const context = await browser.newContext(SLOW_PHONE_SCREEN);
  try {
    await prepare(context);
    await recordMilestones(context, Object.fromEntries(RETURN_VISITS.map((visit) => [visit.path, visit.milestones])));
    const page = await context.newPage();
    const reached = (name) =>
      page.waitForFunction((milestone) => typeof window.__milestones?.[milestone] === 'number', name, {
        timeout: WARM_TIMEOUT_MS,
      });
    await page.goto(`${origin}/dashboard`, { waitUntil: 'commit' });
    await reached('app');
    const worker = await servesWorker(page);
    if (worker) {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WARM_TIMEOUT_MS });
      await page.waitForFunction(() => (sessionStorage.getItem('offlineAnswers') ?? '').includes('"balance"'), null, {
        timeout: WARM_TIMEOUT_MS,
      });
      await scriptsKept(page);
    }
    await page.goto(`${origin}/dashboard/card`, { waitUntil: 'commit' });
    await reached('app');
    // A build whose page paints the kept code keeps it once the page has drawn its own.
    const paintsKeptCode = await page.evaluate(async () =>
      (await (await fetch(location.href)).text()).includes('data-kept-drawing'),
    );
    if (paintsKeptCode) {
      await page.waitForFunction(() => sessionStorage.getItem('keptDrawings') !== null, null, {
        timeout: WARM_TIMEOUT_MS,
      });
    }
    if (worker) await scriptsKept(page);
    const cdp = await context.newCDPSession(page);
    const network = await slowDown(cdp, { cacheDisabled: false });
    return { context, page, cdp, network, worker };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** One timed visit of `visit` (RETURN_VISITS) in a returning tab; the network back after it. */
export async function timeReturnVisit(tab, origin, visit) {
  if (visit.offline) {
    await tab.context.setOffline(true);
    await tab.network.setOffline(true);
  }
  try {
    // A page that does not come offline within this is not coming.
    const timeoutMs = visit.offline ? 30_000 : 90_000;
    return await timeVisit(tab.page, tab.cdp, {
      url: `${origin}${visit.path}`,
      milestones: visit.milestones,
      timeoutMs,
    });
  } catch (error) {
    if (visit.offline && error.name === 'TimeoutError')
      return { url: `${origin}${visit.path}`, noPage: true, frames: [] };
    throw error;
  } finally {
    if (visit.offline) {
      await tab.context.setOffline(false);
      await tab.network.setOffline(false);
    }
  }
}

/**
 * One build's timed visits of one kind, summed up: the medians of the first paint, of the milestone
 * `last` (e.g. 'balanceMs') and of each of `others` over the visits that showed a page, each visit's
 * `last`, and how many showed none. The median visit (by `last`) is returned apart, for its
 * filmstrip.
 */
export function summarizeVisits(visits, last, others = []) {
  const shown = visits.filter((visit) => !visit.noPage);
  const byLast = [...shown].sort((a, b) => a[last] - b[last]);
  return {
    summary: {
      visits: visits.length,
      noPage: visits.length - shown.length,
      firstPaintMs: shown.length ? median(shown.map((visit) => visit.firstPaintMs)) : null,
      [last]: shown.length ? median(shown.map((visit) => visit[last])) : null,
      ...Object.fromEntries(
        others.map((other) => [other, shown.length ? median(shown.map((visit) => visit[other])) : null]),
      ),
      each: visits.map((visit) => (visit.noPage ? null : visit[last])),
    },
    medianVisit: byLast[Math.floor((byLast.length - 1) / 2)] ?? null,
  };
}
