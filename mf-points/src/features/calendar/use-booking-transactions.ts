import { useQuery } from '@tanstack/react-query';
import { allTransactionsQueryOptions, type Transaction } from '@loyalty/shared/api';
import { serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';

export type BookingTransactionsState =
  | { status: 'loading' }
  | { status: 'error'; message: ServerMessage }
  | { status: 'ready'; transactions: Transaction[] };

/** Every credit of the member (claimed bookings), page after page; asked again when points change. */
export function useBookingTransactions(): BookingTransactionsState & { retry: () => void } {
  const query = useQuery(allTransactionsQueryOptions());
  const retry = () => void query.refetch();
  if (query.isError) {
    return { status: 'error', message: serverMessage(query.error, 'common:errors.unavailable_hint'), retry };
  }
  return query.isSuccess ? { status: 'ready', transactions: query.data, retry } : { status: 'loading', retry };
}
