// One Lighthouse run (mobile preset: simulated slow 4G and a 4× slower CPU) against a page of the
// preview, in the system Chromium. A signed-in page gets the session entries set in its tab first,
// and Lighthouse is told to keep them.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../lib/chromium.mjs';
import localTls from '../lib/local-tls.cjs';
import { browserFirstContentfulPaintMs } from './trace-paint.mjs';
import { blockingTasksOf } from './lighthouse-blocking.mjs';

/**
 * @param {object} options
 * @param {string} options.url
 * @param {string} options.chromiumPath
 * @param {Record<string,string> | null} options.sessionStorage  entries to set before the run
 */
export async function runLighthouse(options) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(options);
    } catch (error) {
      // Now and then Chromium hands Lighthouse a trace without the navigation's start
      // (NO_NAVSTART): that run measured nothing. Another run does; a third failure is real.
      if (attempt === 3 || !(error instanceof UnusableTrace)) throw error;
      console.warn(`  Lighthouse run on ${options.url} recorded no usable trace (${error.message}): running it again`);
    }
  }
}

class UnusableTrace extends Error {}

async function runLighthouseOnce({ url, chromiumPath, sessionStorage }) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, ...localTls.chromiumTrustArgs()],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    if (sessionStorage) {
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) window.sessionStorage.setItem(key, value);
      }, sessionStorage);
    }
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: Boolean(sessionStorage),
      },
      undefined,
      page,
    );
    if (result.lhr.runtimeError || result.lhr.categories.performance.score === null) {
      throw new UnusableTrace(result.lhr.runtimeError?.code ?? 'no performance score');
    }
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      // The paint as the unthrottled load behind the simulation presented it (trace-paint.mjs).
      browserFcpMs: browserFirstContentfulPaintMs(result.artifacts.Trace.traceEvents),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      // The tasks that TBT is made of, as Lighthouse simulated them (lighthouse-blocking.mjs).
      blockingTasks: await blockingTasksOf(result).catch((error) => {
        throw error?.code === 'NO_NAVSTART' ? new UnusableTrace(error.code) : error;
      }),
      cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(4)),
      speedIndexMs: Math.round(audits['speed-index'].numericValue),
      // Lighthouse's own CPU benchmark of this machine at the time of the run: the same build's
      // score follows it, since the 4× slowdown multiplies whatever the host gives.
      hostBenchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      failedAccessibilityAudits: Object.values(audits)
        .filter((audit) => result.lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id))
        .filter((audit) => audit.score === 0)
        .map((audit) => audit.id),
    };
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
}
