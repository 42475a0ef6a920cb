import { remoteForPath } from '@loyalty/shared/router';
import { note, watchJournal } from './journal';

/** The page counts as usable once a remote area has rendered or failed; past this, it is assumed. */
const USABLE_WAIT_LIMIT_MS = 10_000;
/** How long to wait for an idle moment once usable, at most. */
const IDLE_WAIT_LIMIT_MS = 5_000;
/**
 * How long the page stays usable and quiet before the reporter is fetched: its request then never
 * competes with the page's own, even those that follow its first render (a dashboard's figures).
 */
const QUIET_MS = 1_000;

/** The remote whose routes render the page now (null for the shell's own pages). */
export const routeRemote = (): string | null => remoteForPath(window.location.pathname);

/** An error's own words of where it came from: its script, else its stack (bounded). */
function sourceOf(error: unknown, filename?: string): string | undefined {
  if (filename) return filename;
  const stack = error instanceof Error ? error.stack : undefined;
  return stack?.slice(0, 2000);
}

function noteError(kind: 'uncaught' | 'unhandled-rejection', error: unknown, filename?: string) {
  note({ type: 'error', kind, source: sourceOf(error, filename), routeRemote: routeRemote(), at: performance.now() });
}

/** Resolves once a remote area has rendered or caught a failure (or after the wait limit). */
function pageUsable(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, USABLE_WAIT_LIMIT_MS);
    const stop = watchJournal((entry) => {
      if (entry.type === 'area-rendered' || (entry.type === 'error' && entry.kind === 'boundary')) done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/** The next idle moment of the main thread (soon, where browsers cannot tell). */
const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_LIMIT_MS });
    else setTimeout(resolve, 0);
  });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Still busy: the document's own resources are loading, or a region says it is (`aria-busy`, as
 * the portal's pages mark what they are still fetching).
 */
const busy = () => document.readyState !== 'complete' || document.querySelector('[aria-busy="true"]') !== null;

/** How often the page is looked at while waiting for it to be quiet. */
const LOOK_EVERY_MS = 250;

/** Once a remote area has settled, waits until the page has been quiet for QUIET_MS, then idle. */
async function pageUsableAndIdle(): Promise<void> {
  await pageUsable();
  const deadline = performance.now() + USABLE_WAIT_LIMIT_MS;
  let quietSince: number | null = null;
  while (performance.now() < deadline) {
    await sleep(LOOK_EVERY_MS);
    quietSince = busy() ? null : (quietSince ?? performance.now());
    if (quietSince !== null && performance.now() - quietSince >= QUIET_MS) break;
  }
  await idle();
}

/**
 * Starts noting what members experience: uncaught errors and unhandled rejections from now on
 * (the federation runtime's plugin and the remote areas note the rest). The reporter, with
 * `web-vitals`, is fetched once the page is usable and the main thread idle, so reporting adds no
 * request and no work before then; Web Vitals' browser entries are buffered until it reads them.
 */
export function startReporting(): void {
  window.addEventListener('error', (event) => noteError('uncaught', event.error, event.filename));
  window.addEventListener('unhandledrejection', (event) => noteError('unhandled-rejection', event.reason));
  void pageUsableAndIdle()
    .then(() => import(/* webpackChunkName: "reporter" */ './reporter'))
    .then(({ startReporter }) => startReporter())
    .catch(() => undefined); // reporting is never worth a member's error
}
