// How the project's scripts wait for a server they started (the mock API, the telemetry receiver,
// Prometheus, the preview's stack) to answer: one loop, with the same rules everywhere.

/**
 * Resolves once `check()` resolves true. A check that rejects counts as "not yet" (a server not
 * listening refuses the connection). Rejects as soon as `child` exits, rather than waiting out the
 * time for a process that is gone, and after `timeoutMs`, killing `child` so that nothing is left
 * running. The messages name `what`: "<what> exited with code N", "<what> <notYet> within T s"
 * (`notYet`: "did not start" unless said).
 *
 * @param {() => Promise<boolean>} check
 * @param {{ what: string, timeoutMs: number, child?: import('node:child_process').ChildProcess, intervalMs?: number, notYet?: string }} options
 */
export async function waitUntil(check, { what, timeoutMs, child, intervalMs = 250, notYet = 'did not start' }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    // A check that never settles (a port that takes the connection and never answers) is given
    // up at the deadline rather than waited for.
    const remaining = Math.max(0, deadline - Date.now());
    const holds = await Promise.race([
      check().catch(() => false),
      new Promise((resolve) => setTimeout(resolve, remaining, false).unref()),
    ]);
    if (holds === true) return;
    if (Date.now() > deadline) {
      child?.kill();
      throw new Error(`${what} ${notYet} within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * A check for `waitUntil`: `url` answers 2xx within `tryMs`. `fetchWith` is how to ask: the edge's
 * pages need local-tls's `fetchFromEdge`, which trusts the project's authority. A try that gets no
 * answer in time is a "not yet", so that the wait goes on asking (and watching its process).
 *
 * @param {string} url
 * @param {(url: string, init: { signal: AbortSignal }) => Promise<{ ok: boolean }>} [fetchWith]
 * @param {number} [tryMs]
 */
export function answersOk(url, fetchWith = fetch, tryMs = 2_000) {
  return async () => (await fetchWith(url, { signal: AbortSignal.timeout(tryMs) })).ok;
}
