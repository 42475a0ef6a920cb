import { useQuery } from '@tanstack/react-query';
import { transactionsQueryOptions, type TransactionsResponse } from '@loyalty/shared/api';
import { queryFailureMessage, type WordedMessage } from '@loyalty/shared/api/messages';
import { filtersToQuery, type TransactionsFilters } from './transactions-query';

export type TransactionsState =
  /** `previous`: the last page shown, kept on screen (dimmed) while the next one loads. */
  | { status: 'loading'; previous: TransactionsResponse | null }
  /** `message`: the server's own words, else the hint to check the connection (`queryFailureMessage`). */
  | { status: 'error'; message: WordedMessage }
  | { status: 'ready'; page: TransactionsResponse };

/**
 * One page of the history for the given filters. A claim or a redemption marks it stale with every
 * points query, so it never shows a stale list after one.
 */
export function useTransactions(filters: TransactionsFilters): TransactionsState & { retry: () => void } {
  const { type, from, to, q, page, sort } = filters;
  const query = useQuery(transactionsQueryOptions(filtersToQuery({ type, from, to, q, page, sort })));
  const retry = () => void query.refetch();

  if (query.isError) {
    return { status: 'error', message: queryFailureMessage(query.error, 'common:errors.unavailable_hint'), retry };
  }
  // A page of other filters (kept while this one loads) is still the page shown last.
  if (query.isPlaceholderData || !query.isSuccess) return { status: 'loading', previous: query.data ?? null, retry };
  return { status: 'ready', page: query.data, retry };
}
