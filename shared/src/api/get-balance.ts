import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { BalanceResponseSchema, type Balance } from './contract/points';
import { parseResponse } from './parse-response';
import { POINTS_FRESH_MS, queryKeys } from './query-keys';
import type { StartUpRequestOptions } from './start-up-answers';
import { START_UP_ADDRESSES } from './start-up-addresses';

export async function getBalance(options?: RequestOptions): Promise<Balance> {
  return parseResponse(BalanceResponseSchema, await http.get(START_UP_ADDRESSES.balance, options)).data;
}

/** The query of the member's balance: the first paint's kept figure names it too. */
export const BALANCE_QUERY_KEY = [...queryKeys.points, 'balance'] as const;

/** The member's balance: the top bar and the points pages read this one entry. */
export const balanceQueryOptions = (request: StartUpRequestOptions = {}) =>
  queryOptions({
    queryKey: BALANCE_QUERY_KEY,
    queryFn: ({ signal }) => getBalance({ ...request, signal }),
    staleTime: POINTS_FRESH_MS,
  });
