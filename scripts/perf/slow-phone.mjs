// The slow-phone benchmark of `npm run perf`: a page loaded as on a slow phone (4× CPU, 1.6 Mbps
// down, 150 ms round trip), timed to what a member sees — the first paint (and whether it shows the
// page's frame), the sign-in form, the dashboard's balance — with a filmstrip of what the screen
// showed, kept in perf/filmstrips/. A benchmark, never a pass/fail test.

/** The slow phone (docs/product/accessibility.md, "Slow phones"): CPU 4× slower, 1.6 Mbps down, 750 kbps up, 150 ms RTT. */
export const SLOW_PHONE = { cpuSlowdown: 4, downloadMbps: 1.6, uploadMbps: 0.75, rttMs: 150 };

/**
 * Runs in the page from its first byte: the time (performance.now(), at the next frame) when each
 * milestone of the page's path is first on screen, and whether the first paint showed the page's
 * frame. A page whose path has no milestones is left alone.
 */
function installMilestoneRecorder(milestonesByPath) {
  const milestones = milestonesByPath[location.pathname];
  if (!milestones) return;
  const seen = {};
  window.__milestones = seen;
  const onScreen = (selector, text) =>
    [...document.querySelectorAll(selector)].some((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      if (element.checkVisibility && !element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        return false;
      return text ? new RegExp(text).test(element.textContent ?? '') : true;
    });
  // Read once a frame, where the frame's own layout is: reading the page's boxes on each of its
  // changes made the browser lay it out again for every one, and slowed the page measured.
  const check = () => {
    for (const { name, selector, text } of milestones) {
      if (seen[name] === undefined && onScreen(selector, text)) seen[name] = performance.now();
    }
    if (!milestones.every(({ name }) => typeof seen[name] === 'number')) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  // At the first paint: is the frame on screen (a header or navigation, the HTML's or React's)?
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'first-paint') continue;
      seen.firstPaint = entry.startTime;
      seen.frameAtFirstPaint = onScreen('header, .fp-header, .fp-sidebar, nav');
      // The page's shape: the HTML's skeleton of the page (or React's, drawn the same way).
      seen.shapeAtFirstPaint = onScreen('.fp-page .fp-card, .fp-page .fp-bone');
    }
  }).observe({ type: 'paint', buffered: true });
}

/** The slow phone's screen. */
export const SLOW_PHONE_SCREEN = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/** Chromium's network conditions of the slow phone, or none at all. */
const networkConditions = (offline) => ({
  offline,
  latency: offline ? 0 : SLOW_PHONE.rttMs,
  downloadThroughput: offline ? -1 : (SLOW_PHONE.downloadMbps * 1_000_000) / 8,
  uploadThroughput: offline ? -1 : (SLOW_PHONE.uploadMbps * 1_000_000) / 8,
});

/**
 * Slows `page` down as the slow phone, with the workers it starts: a service worker's own fetches
 * (a page's network-first answers, the remotes' entries) are not the page's, and Chromium throttles
 * each target on its own, so every worker is attached (paused until it is slowed) and given the
 * same network. `setOffline` cuts the network of the page and its workers, and brings it back.
 *
 * @param {import('playwright-core').CDPSession} cdp  the page's session
 */
export async function slowDown(cdp, { cacheDisabled }) {
  let offline = false;
  const workers = new Map();
  let messageId = 0;
  cdp.on('Target.attachedToTarget', ({ sessionId, waitingForDebugger }) => {
    // Sessions of the page's own session (not flattened): Playwright's CDPSession has no other way.
    const send = (method, params = {}) =>
      cdp
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id: (messageId += 1), method, params }),
        })
        .catch(() => undefined);
    workers.set(sessionId, send);
    // Sent at once, not each after the last's answer: the target runs them in order, and it waits
    // for the last (a page's service worker starts on its navigation's path).
    void send('Network.enable');
    void send('Network.setCacheDisabled', { cacheDisabled });
    void send('Network.emulateNetworkConditions', networkConditions(offline));
    if (waitingForDebugger) void send('Runtime.runIfWaitingForDebugger');
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => workers.delete(sessionId));
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled });
  await cdp.send('Network.emulateNetworkConditions', networkConditions(false));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    async setOffline(value) {
      offline = value;
      await cdp.send('Network.emulateNetworkConditions', networkConditions(offline));
      await Promise.all(
        [...workers.values()].map((send) => send('Network.emulateNetworkConditions', networkConditions(offline))),
      );
    },
  };
}

/**
 * Goes to `url` in `page` and returns the milestones' times (ms from navigation start) and the
 * screencast's frames, each with its time; `{ noPage: true }` when the browser could not load a page
 * at all (offline without a worker: its error page).
 */
export async function timeVisit(page, cdp, { url, milestones, timeoutMs = 90_000 }) {
  const frames = [];
  const onFrame = ({ data, metadata, sessionId }) => {
    frames.push({ wallMs: metadata.timestamp * 1000, data });
    void cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  };
  cdp.on('Page.screencastFrame', onFrame);
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 60, maxWidth: 375, maxHeight: 812 });
  try {
    try {
      await page.goto(url, { waitUntil: 'commit' });
    } catch (error) {
      if (/net::ERR_/.test(String(error))) return { url, noPage: true, frames: [] };
      throw error;
    }
    const last = milestones.at(-1).name;
    await page.waitForFunction((name) => typeof window.__milestones?.[name] === 'number', last, {
      timeout: timeoutMs,
      polling: 100,
    });
    // The screen after the last milestone, for the filmstrip's last picture.
    await page.waitForTimeout(500);
  } finally {
    await cdp.send('Page.stopScreencast').catch(() => undefined);
    cdp.off('Page.screencastFrame', onFrame);
  }
  const recorded = await page.evaluate(() => window.__milestones);
  // Navigation start in wall-clock time, to place the screencast's frames on the page's clock.
  const timeOrigin = await page.evaluate(() => performance.timeOrigin);
  const times = { firstPaintMs: Math.round(recorded.firstPaint ?? NaN) };
  for (const { name } of milestones) times[`${name}Ms`] = Math.round(recorded[name]);
  return {
    url,
    ...times,
    frameAtFirstPaint: recorded.frameAtFirstPaint === true,
    shapeAtFirstPaint: recorded.shapeAtFirstPaint === true,
    frames: frames.map(({ wallMs, data }) => ({ atMs: Math.round(wallMs - timeOrigin), data })),
  };
}

/**
 * Records, in every page `context` opens, the milestones of its path (`milestonesByPath`: each
 * path's list).
 */
export const recordMilestones = (context, milestonesByPath) =>
  context.addInitScript(installMilestoneRecorder, milestonesByPath);

/**
 * Loads `url` as on a slow phone, cache off, in a fresh context: see `timeVisit`.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {object} options
 * @param {string} options.url
 * @param {Array<{ name: string, selector: string, text?: string }>} options.milestones  the last one
 *   ends the load
 * @param {(context: import('playwright-core').BrowserContext) => Promise<void>} [options.prepare]
 */
export async function measureSlowPhoneLoad(browser, { url, milestones, prepare, timeoutMs = 90_000 }) {
  const context = await browser.newContext(SLOW_PHONE_SCREEN);
  try {
    if (prepare) await prepare(context);
    await recordMilestones(context, { [new URL(url).pathname]: milestones });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await slowDown(cdp, { cacheDisabled: true });
    return await timeVisit(page, cdp, { url, milestones, timeoutMs });
  } finally {
    await context.close();
  }
}

/**
 * A filmstrip: what the screen showed every `stepMs` from navigation start until `untilMs`, side by
 * side with its time, written as one PNG (drawn by the browser itself).
 */
export async function writeFilmstrip(browser, { title, frames, marks, untilMs, stepMs = 250, file }) {
  const pictures = [];
  for (let atMs = 0; atMs <= untilMs + stepMs; atMs += stepMs) {
    const shown = frames.filter((frame) => frame.atMs <= atMs).at(-1);
    const reached = marks.filter((mark) => mark.atMs <= atMs && mark.atMs > atMs - stepMs).map((mark) => mark.name);
    pictures.push({ atMs, data: shown?.data ?? null, reached });
  }
  const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><meta charset="utf-8"><style>
    body { margin: 12px; font: 13px system-ui, sans-serif; background: #fff; color: #111; }
    h1 { font-size: 15px; margin: 0 0 8px; }
    .strip { display: flex; flex-wrap: wrap; gap: 8px; }
    figure { margin: 0; width: 125px; }
    figure img, figure .blank { width: 125px; height: 271px; border: 1px solid #999; display: block; background: #fff; }
    figcaption { text-align: center; margin-top: 2px; }
    .mark { color: #0a5d2a; font-weight: 600; }
  </style><h1>${escape(title)}</h1><div class="strip">${pictures
    .map(
      (picture) =>
        `<figure>${
          picture.data ? `<img src="data:image/jpeg;base64,${picture.data}">` : '<div class="blank"></div>'
        }<figcaption>${(picture.atMs / 1000).toFixed(2)} s${picture.reached
          .map((name) => `<br><span class="mark">${escape(name)}</span>`)
          .join('')}</figcaption></figure>`,
    )
    .join('')}</div>`;
  const page = await browser.newPage({ viewport: { width: 1400, height: 400 } });
  await page.setContent(html);
  await page.screenshot({ path: file, fullPage: true });
  await page.close();
}
