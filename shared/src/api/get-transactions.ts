import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import {
  TRANSACTIONS_MAX_PAGE_SIZE,
  TransactionsResponseSchema,
  type Transaction,
  type TransactionsQuery,
  type TransactionsResponse,
} from './contract/points';
import { parseResponse } from './parse-response';
import { POINTS_FRESH_MS, queryKeys } from './query-keys';
import type { StartUpRequestOptions } from './start-up-answers';
import { LATEST_TRANSACTIONS_COUNT, START_UP_ADDRESSES } from './start-up-addresses';

export { LATEST_TRANSACTIONS_COUNT };

/** One page of the member's transactions, filtered and sorted as asked (newest first by default). */
export async function getTransactions(
  query: TransactionsQuery = {},
  options?: RequestOptions,
): Promise<TransactionsResponse> {
  return parseResponse(
    TransactionsResponseSchema,
    await http.get(START_UP_ADDRESSES.transactions, { ...options, searchParams: { ...query } }),
  );
}

const transactionsKey = [...queryKeys.points, 'transactions'] as const;

/**
 * One page of the history for the given filters. Asked again on every visit; while the next page
 * or filter loads, the page shown last stays on screen.
 */
export const transactionsQueryOptions = (query: TransactionsQuery) =>
  queryOptions({
    queryKey: [...transactionsKey, 'page', query],
    queryFn: ({ signal }) => getTransactions(query, { signal }),
    // TanStack's keepPreviousData: the page shown last stays while the next one loads.
    placeholderData: (previous) => previous,
  });

/** The newest few transactions, for summaries; fresh for a visit like the other figures. */
export const latestTransactionsQueryOptions = (request: StartUpRequestOptions = {}) =>
  queryOptions({
    queryKey: [...transactionsKey, 'latest'],
    queryFn: async ({ signal }) =>
      (await getTransactions({ pageSize: LATEST_TRANSACTIONS_COUNT }, { ...request, signal })).data,
    staleTime: POINTS_FRESH_MS,
  });

/** Every transaction matching `query`, oldest first, page after page. */
async function everyPage(query: TransactionsQuery, signal: AbortSignal): Promise<Transaction[]> {
  const pageOf = (page: number) =>
    getTransactions({ ...query, pageSize: TRANSACTIONS_MAX_PAGE_SIZE, sort: 'date_asc', page }, { signal });
  // The first page says how many there are; the rest are then fetched together.
  const first = await pageOf(1);
  const pageCount = Math.ceil(first.total / TRANSACTIONS_MAX_PAGE_SIZE);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => pageOf(index + 2)));
  return [first, ...rest].flatMap((page) => page.data);
}

/** Every transaction of the member, oldest first, page after page (the calendar's bookings). */
export const allTransactionsQueryOptions = () =>
  queryOptions({
    queryKey: [...transactionsKey, 'all'],
    queryFn: ({ signal }): Promise<Transaction[]> => everyPage({}, signal),
  });

/** Every line of the statement between two days included (`YYYY-MM-DD`), oldest first: a download. */
export const statementRangeQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...transactionsKey, 'range', range.from, range.to],
    queryFn: ({ signal }): Promise<Transaction[]> => everyPage(range, signal),
  });
