// What one page load costs a member, read from the browser itself: the JavaScript it downloads
// before the page can be used, the requests on that path, and the Web Vitals Chromium reports.
// Used by `npm run perf`; a benchmark, never a pass/fail test (timings vary from run to run).
import { createRequire } from 'node:module';

const { encodedSize } = createRequire(import.meta.url)('../lib/encoded-size.cjs');

/**
 * Records LCP, CLS and long tasks from the first byte on; `buffered` observers would miss nothing
 * either, but layout shifts must be summed by session window as the Web Vitals definition says.
 */
function installVitalsRecorder() {
  const vitals = { lcp: 0, cls: 0, clsWindow: 0, windowStart: 0, lastShift: 0, longTasks: [], fcp: 0 };
  window.__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      // A session window closes after 1 s without shifts or after 5 s in all.
      if (entry.startTime - vitals.lastShift > 1000 || entry.startTime - vitals.windowStart > 5000) {
        vitals.windowStart = entry.startTime;
        vitals.clsWindow = 0;
      }
      vitals.lastShift = entry.startTime;
      vitals.clsWindow += entry.value;
      vitals.cls = Math.max(vitals.cls, vitals.clsWindow);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/**
 * Loads `url` in a fresh context and measures it.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {object} options
 * @param {string} options.url
 * @param {(page: import('playwright-core').Page) => Promise<void>} options.untilUsable  resolves when
 *   a member can use the page (its main control or content is on screen and nothing is loading)
 * @param {(context: import('playwright-core').BrowserContext) => Promise<void>} [options.prepare]
 * @param {number} [options.cpuSlowdown]  CPU throttling as Lighthouse's mobile preset applies (4×)
 * @param {{ width: number, height: number }} [options.viewport]
 */
export async function measurePageLoad(browser, { url, untilUsable, prepare, cpuSlowdown = 4, viewport }) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 412, height: 823 }, isMobile: true });
  if (prepare) await prepare(context);
  await context.addInitScript(installVitalsRecorder);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

  const requests = [];
  page.on('requestfinished', (request) => requests.push(request));

  const started = Date.now();
  await page.goto(url);
  await untilUsable(page);
  const usableAfterMs = Date.now() - started;
  // Let late layout shifts and the last long task land before reading the figures.
  await page.waitForTimeout(1000);

  const onCriticalPath = [];
  for (const request of requests) {
    const timing = request.timing();
    // Only what was asked for before the page became usable counts towards "before usable".
    if (timing.startTime - started > usableAfterMs) continue;
    const sizes = await request.sizes();
    onCriticalPath.push({
      url: request.url(),
      type: request.resourceType(),
      // Bytes of the body as sent (Brotli when the build compressed the file, else gzip).
      bytes: sizes.responseBodySize,
      encoding: (await request.response())?.headers()['content-encoding'] ?? 'identity',
    });
  }
  const vitals = await page.evaluate(() => window.__vitals);
  const usableAt = await page.evaluate(() => performance.now());
  // Total blocking time: the part of every long task over 50 ms, between first paint and usable.
  const tbt = vitals.longTasks
    .filter(([start]) => start >= vitals.fcp && start <= usableAt)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  await context.close();

  const scripts = onCriticalPath.filter((r) => r.type === 'script' || /\.m?js(\?|$)/.test(r.url));
  for (const script of scripts) script.gzipBytes = (await encodedSize(script.url, 'gzip')).bytes;
  return {
    url,
    // In gzip, the unit of the budgets; and as the browser was sent them.
    jsBytes: scripts.reduce((sum, r) => sum + r.gzipBytes, 0),
    jsSentBytes: scripts.reduce((sum, r) => sum + r.bytes, 0),
    jsRequests: scripts.length,
    requests: onCriticalPath.length,
    fcpMs: Math.round(vitals.fcp),
    lcpMs: Math.round(vitals.lcp),
    cls: Number(vitals.cls.toFixed(4)),
    tbtMs: Math.round(tbt),
    usableAfterMs,
    resources: onCriticalPath,
  };
}

/** The middle value of `values` (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of each numeric field over several runs (the resources of the first run are kept). */
export function medianOf(runs) {
  const result = { ...runs[0] };
  for (const [key, value] of Object.entries(runs[0])) {
    if (typeof value === 'number') result[key] = median(runs.map((run) => run[key]));
  }
  return result;
}
