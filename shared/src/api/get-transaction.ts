import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { TransactionResponseSchema, type Transaction } from './contract/points';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

/** One transaction of the member's own, by its number (`TXN-000017`). */
export async function getTransaction(transactionNumber: string, options?: RequestOptions): Promise<Transaction> {
  return parseResponse(
    TransactionResponseSchema,
    await http.get(`/api/user/transactions/${encodeURIComponent(transactionNumber)}`, options),
  ).data;
}

/** A statement line's detail; under the points root, so a claim or redemption refreshes it too. */
export const transactionQueryOptions = (transactionNumber: string) =>
  queryOptions({
    queryKey: [...queryKeys.points, 'transactions', 'one', transactionNumber],
    queryFn: ({ signal }) => getTransaction(transactionNumber, { signal }),
  });
