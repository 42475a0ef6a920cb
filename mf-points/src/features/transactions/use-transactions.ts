import { useCallback, useEffect, useState } from 'react';
import { getTransactions, type TransactionsResponse } from '@loyalty/shared/api';
import { serverMessage, type ServerMessage } from '@loyalty/shared/http';
import { usePoints } from '@loyalty/shared/points';
import { filtersToQuery, type TransactionsFilters } from './transactions-query';

export type TransactionsState =
  /** `previous`: the last page shown, kept on screen (dimmed) while the next one loads. */
  | { status: 'loading'; previous: TransactionsResponse | null }
  /** `message`: the server's own words, else the hint to check the connection (`serverMessage`). */
  | { status: 'error'; message: ServerMessage }
  | { status: 'ready'; page: TransactionsResponse };

type Settled = { key: string } & ({ ok: true; page: TransactionsResponse } | { ok: false; message: ServerMessage });

/**
 * One page of the history for the given filters. It fetches again whenever the member's points
 * change anywhere (the shared store's revision), so it never shows a stale list after a claim.
 */
export function useTransactions(filters: TransactionsFilters): TransactionsState & { retry: () => void } {
  const revision = usePoints((state) => state.revision);
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const [lastPage, setLastPage] = useState<TransactionsResponse | null>(null);
  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  const { type, from, to, q, page, sort } = filters;
  // Which request the screen should be showing; an answer for any other one is ignored.
  const key = JSON.stringify([type, from, to, q, page, sort, revision, attempt]);

  useEffect(() => {
    let active = true;
    getTransactions(filtersToQuery({ type, from, to, q, page, sort })).then(
      (result) => {
        if (!active) return;
        setSettled({ key, ok: true, page: result });
        setLastPage(result);
      },
      (error: unknown) =>
        active && setSettled({ key, ok: false, message: serverMessage(error, 'common:errors.unavailable_hint') }),
    );
    return () => {
      active = false;
    };
  }, [key, type, from, to, q, page, sort]);

  if (!settled || settled.key !== key) return { status: 'loading', previous: lastPage, retry };
  return settled.ok
    ? { status: 'ready', page: settled.page, retry }
    : { status: 'error', message: settled.message, retry };
}
