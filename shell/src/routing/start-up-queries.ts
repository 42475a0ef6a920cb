import { loadApi, loadQueryClient } from '@loyalty/shared/session';

// The queries a signed-in member's start-up asks for before the first render, beside the code
// rather than after the layout's first render. Each takes the start-up script's answer to the same
// request when it has one, and so seeds the query cache with it (decisions 011, 019 and 020). The
// API layer is a chunk of its own (decision 009): these reach it through `loadApi()`.

/** Asks whether the member may open `path`; resolves once answered (or failed: the gate asks again). */
export async function prefetchPermission(path: string): Promise<void> {
  if (offline()) return;
  const [{ permissionQueryOptions, FROM_START_UP }, queryClient] = await Promise.all([loadApi(), loadQueryClient()]);
  await queryClient.prefetchQuery(permissionQueryOptions(path, FROM_START_UP));
}

/**
 * Asks for the dashboard's figures. mf-points' routes module asks for them too, but only once the
 * remote's entry and that module have arrived, two round trips later; its prefetch then finds
 * them in the cache, or on their way. A failure is not reported here: the page asks again and
 * shows its error.
 */
export async function prefetchDashboard(): Promise<void> {
  if (offline()) return;
  const [{ prefetchDashboardQueries, FROM_START_UP }, queryClient] = await Promise.all([loadApi(), loadQueryClient()]);
  await prefetchDashboardQueries(queryClient, FROM_START_UP);
}

/**
 * Offline, the page renders from the answers kept for the session (decision 068): a prefetch would
 * wait for the network, and hold the landing page up to its time limit for nothing.
 */
function offline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}
