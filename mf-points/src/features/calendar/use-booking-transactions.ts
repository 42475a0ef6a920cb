import { useCallback, useEffect, useState } from 'react';
import { getTransactions, TRANSACTIONS_MAX_PAGE_SIZE, type Transaction } from '@loyalty/shared/api';
import { serverMessage, type ServerMessage } from '@loyalty/shared/http';
import { usePoints } from '@loyalty/shared/points';

export type BookingTransactionsState =
  | { status: 'loading' }
  | { status: 'error'; message: ServerMessage }
  | { status: 'ready'; transactions: Transaction[] };

/** Every credit of the member (claimed bookings), page after page; fetched again when points change. */
export function useBookingTransactions(): BookingTransactionsState & { retry: () => void } {
  const revision = usePoints((state) => state.revision);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<BookingTransactionsState>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((current) => current + 1), []);

  useEffect(() => {
    let active = true;
    (async () => {
      // The first page says how many there are; the rest are then fetched together.
      const first = await getTransactions({ pageSize: TRANSACTIONS_MAX_PAGE_SIZE, sort: 'date_asc' });
      const pageCount = Math.ceil(first.total / TRANSACTIONS_MAX_PAGE_SIZE);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) =>
          getTransactions({ pageSize: TRANSACTIONS_MAX_PAGE_SIZE, sort: 'date_asc', page: index + 2 }),
        ),
      );
      return [first, ...rest].flatMap((page) => page.data);
    })().then(
      (transactions) => active && setState({ status: 'ready', transactions }),
      (error: unknown) =>
        active && setState({ status: 'error', message: serverMessage(error, 'common:errors.unavailable_hint') }),
    );
    return () => {
      active = false;
    };
  }, [revision, attempt]);

  return { ...state, retry };
}
