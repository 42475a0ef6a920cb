// Which tasks Lighthouse's total blocking time is made of. Lighthouse does not time a phone's tasks:
// it simulates them (lantern), twice (an optimistic and a pessimistic estimate), each top-level
// task of the unthrottled trace 4× as long, and reports the mean of the two sums. Each task's share
// of that mean is what cutting the task would win; the shares add up to the reported figure.
import { pageNavigation } from './trace-paint.mjs';

const THRESHOLD_MS = 50;

/**
 * A simulated task's blocking time inside [windowStart, windowEnd], as Lighthouse counts it
 * (lantern's calculateTbtImpactForEvent): the part over 50 ms of what lies in the window.
 * @param {{ start: number, end: number }} task  simulated, in ms
 */
export function blockingInWindow(task, windowStart, windowEnd) {
  if (task.end < windowStart || task.start > windowEnd) return 0;
  const clipped = Math.min(task.end, windowEnd) - Math.max(task.start, windowStart);
  return clipped < THRESHOLD_MS ? 0 : clipped - THRESHOLD_MS;
}

// Events that say what a task was for; a script's are named with the script's file.
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'FunctionCall']);
const EVENTS_NAMED = new Set(['TimerFire', 'RunMicrotasks', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML']);

/** What a task of the trace did, in a few words: the scripts it ran and its rendering steps. */
export function describeTask(childEvents) {
  const parts = [];
  for (const event of childEvents) {
    const url = event.args?.data?.url;
    const part =
      SCRIPT_EVENTS.has(event.name) && url
        ? `${event.name} ${url.split('/').pop().split('?')[0]}`
        : EVENTS_NAMED.has(event.name)
          ? event.name
          : null;
    if (part && !parts.includes(part)) parts.push(part);
  }
  return parts.slice(0, 4).join(', ');
}

/**
 * The tasks that counted in a run's total blocking time, largest first.
 * @param {{ optimistic: Estimate, pessimistic: Estimate }} estimates
 *   each: `tasks` (id → { start, end, ... }, simulated ms) and the window it counts in (FCP, TTI)
 * @typedef {{ tasks: Map<string, { start: number, end: number }>, windowStart: number, windowEnd: number }} Estimate
 * @returns {{ id: string, countedMs: number }[]}
 */
export function blockingShares({ optimistic, pessimistic }) {
  const shares = [];
  // Both estimates simulate the same graph (TBT's is the whole page's), so they hold the same tasks.
  for (const [id, pessimisticTask] of pessimistic.tasks) {
    const optimisticTask = optimistic.tasks.get(id);
    const fromOptimistic = optimisticTask
      ? blockingInWindow(optimisticTask, optimistic.windowStart, optimistic.windowEnd)
      : 0;
    const fromPessimistic = blockingInWindow(pessimisticTask, pessimistic.windowStart, pessimistic.windowEnd);
    const countedMs = (fromOptimistic + fromPessimistic) / 2;
    if (countedMs > 0) shares.push({ id, countedMs });
  }
  return shares.sort((a, b) => b.countedMs - a.countedMs);
}

/**
 * Reruns Lighthouse's own simulation on a finished run and lists the tasks its TBT counted.
 * @param {{ artifacts: object, lhr: object }} result  what `lighthouse()` returned
 */
export async function blockingTasksOf(result) {
  // Lighthouse's internals, loaded here so that the functions above need none of it.
  const [{ Audit }, { LanternTotalBlockingTime }, { LanternFirstContentfulPaint }, { LanternInteractive }] =
    await Promise.all([
      import('lighthouse/core/audits/audit.js'),
      import('lighthouse/core/computed/metrics/lantern-total-blocking-time.js'),
      import('lighthouse/core/computed/metrics/lantern-first-contentful-paint.js'),
      import('lighthouse/core/computed/metrics/lantern-interactive.js'),
    ]);
  const context = { computedCache: new Map(), settings: result.lhr.configSettings };
  const data = Audit.makeMetricComputationDataInput(result.artifacts, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const interactive = await LanternInteractive.request(data, context);
  const cpuTasks = (nodeTimings) =>
    new Map(
      [...nodeTimings]
        .filter(([node]) => node.type === 'cpu')
        .map(([node, timing]) => [node.id, { node, start: timing.startTime, end: timing.endTime }]),
    );
  // As lantern pairs them: the optimistic sum is counted from the pessimistic FCP, and the other way round.
  const optimistic = {
    tasks: cpuTasks(tbt.optimisticEstimate.nodeTimings),
    windowStart: fcp.pessimisticEstimate.timeInMs,
    windowEnd: interactive.optimisticEstimate.timeInMs,
  };
  const pessimistic = {
    tasks: cpuTasks(tbt.pessimisticEstimate.nodeTimings),
    windowStart: fcp.optimisticEstimate.timeInMs,
    windowEnd: interactive.pessimisticEstimate.timeInMs,
  };
  const navigationStart = pageNavigation(result.artifacts.Trace.traceEvents)?.ts;
  return blockingShares({ optimistic, pessimistic }).map(({ id, countedMs }) => {
    const { node, start, end } = pessimistic.tasks.get(id);
    return {
      task: describeTask(node.childEvents),
      observedAtMs: navigationStart === undefined ? null : Math.round((node.startTime - navigationStart) / 1000),
      observedMs: Math.round(node.duration / 100) / 10,
      simulatedMs: Math.round(end - start),
      countedMs: Math.round(countedMs),
    };
  });
}
