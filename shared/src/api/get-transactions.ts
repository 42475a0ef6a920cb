import { http } from '@loyalty/shared/http';
import { TransactionsResponseSchema, type TransactionsQuery, type TransactionsResponse } from './contract/points';
import { parseResponse } from './parse-response';

/** One page of the member's transactions, filtered and sorted as asked (newest first by default). */
export async function getTransactions(query: TransactionsQuery = {}): Promise<TransactionsResponse> {
  return parseResponse(
    TransactionsResponseSchema,
    await http.get('/api/user/transactions/all', { searchParams: { ...query } }),
  );
}
