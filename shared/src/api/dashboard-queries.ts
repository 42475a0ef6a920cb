import { balanceQueryOptions } from './get-balance';
import { pendingPointsQueryOptions } from './get-pending-points';
import { latestTransactionsQueryOptions } from './get-transactions';
import { tiersQueryOptions } from './fetch-tiers';
import type { QueryClient } from '@tanstack/react-query';
import type { StartUpRequestOptions } from './start-up-answers';

/**
 * The dashboard's four figures, asked for side by side (no waterfall). A member landing on the
 * dashboard has them asked for beside the page's code (the shell's start-up, or mf-points' routes
 * in its standalone page); the page's first render then finds them in the cache.
 */
export const dashboardQueries = (request: StartUpRequestOptions = {}) =>
  [
    balanceQueryOptions(request),
    pendingPointsQueryOptions(request),
    tiersQueryOptions(request),
    latestTransactionsQueryOptions(request),
  ] as const;

/** Asks for the dashboard's figures not in the cache, or not fresh; resolves when all have settled. */
export async function prefetchDashboardQueries(
  queryClient: QueryClient,
  request: StartUpRequestOptions = {},
): Promise<void> {
  const [balance, pending, tiers, latest] = dashboardQueries(request);
  await Promise.all([
    queryClient.prefetchQuery(balance),
    queryClient.prefetchQuery(pending),
    queryClient.prefetchQuery(tiers),
    queryClient.prefetchQuery(latest),
  ]);
}
