// What the browser itself saw in a Lighthouse run. Lighthouse's mobile figures are simulated from
// the run's trace, but the trace was taken in an unthrottled load, and which requests and tasks the
// simulation counts before the first contentful paint depends on when that load painted. On these
// machines the headless browser often presents that paint a second or two after the page could
// first render (docs/performance-log.md), so the run's FCP is read from its trace and kept beside the
// scores, to tell those runs apart.

/**
 * The page's own navigation in a trace's events: the top-level document's, not the about:blank
 * Lighthouse starts from. Undefined when the trace holds none.
 *
 * @param {Array<{ name: string, ts: number, args?: Record<string, any> }>} traceEvents
 */
export function pageNavigation(traceEvents) {
  return traceEvents.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame === true &&
      /^https?:/.test(event.args.data.documentLoaderURL ?? ''),
  );
}

/**
 * Milliseconds from the page's navigation to the first contentful paint the browser presented, in
 * a trace's events; null when the trace holds no such paint. Only the top-level document counts:
 * the about:blank Lighthouse starts from, and frames inside the page, are skipped.
 *
 * @param {Array<{ name: string, ts: number, args?: Record<string, any> }>} traceEvents
 * @returns {number | null}
 */
export function browserFirstContentfulPaintMs(traceEvents) {
  const navigation = pageNavigation(traceEvents);
  if (!navigation) return null;
  const paint = traceEvents.find(
    (event) =>
      event.name === 'firstContentfulPaint' &&
      event.args?.frame === navigation.args?.frame &&
      event.ts >= navigation.ts,
  );
  return paint ? Math.round((paint.ts - navigation.ts) / 1000) : null;
}
