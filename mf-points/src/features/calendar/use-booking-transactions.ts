import { useQuery } from '@tanstack/react-query';
import {
  allTransactionsQueryOptions,
  bookingsQueryOptions,
  type MemberBooking,
  type Transaction,
} from '@loyalty/shared/api';
import { queryFailureMessage, type WordedMessage } from '@loyalty/shared/api/messages';

export type BookingTransactionsState =
  | { status: 'loading' }
  | { status: 'error'; message: WordedMessage }
  | { status: 'ready'; transactions: Transaction[]; bookings: MemberBooking[] };

/**
 * Every credit of the member (claimed bookings), page after page, and the member's bookings
 * (docs/product/bookings.md); asked again when points change. The calendar shows both or says why not.
 */
export function useBookingTransactions(): BookingTransactionsState & { retry: () => void } {
  const transactions = useQuery(allTransactionsQueryOptions());
  const bookings = useQuery(bookingsQueryOptions());
  const retry = () => {
    if (transactions.isError) void transactions.refetch();
    if (bookings.isError) void bookings.refetch();
  };
  const failed = transactions.isError ? transactions.error : bookings.isError ? bookings.error : null;
  if (failed) return { status: 'error', message: queryFailureMessage(failed, 'common:errors.unavailable_hint'), retry };
  return transactions.isSuccess && bookings.isSuccess
    ? { status: 'ready', transactions: transactions.data, bookings: bookings.data, retry }
    : { status: 'loading', retry };
}
