import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'ready'; data: T };

type Settled<T> = { request: string; status: 'error' } | { request: string; status: 'ready'; data: T };

/**
 * Runs `load` whenever `key` changes (null: nothing to load) and exposes loading, error with a
 * retry, and the result. Each answer is tagged with the request it belongs to, so an answer to an
 * older key (a fast country switch) is never shown, and "loading" needs no state of its own.
 */
export function useAsync<T>(key: string | null, load: () => Promise<T>): AsyncState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  const request = key === null ? null : `${key}#${attempt}`;

  useEffect(() => {
    if (request === null) return;
    let active = true;
    load().then(
      (data) => active && setSettled({ request, status: 'ready', data }),
      () => active && setSettled({ request, status: 'error' }),
    );
    return () => {
      active = false;
    };
    // `load` is a fresh closure each render; `request` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  if (request === null) return { status: 'idle' };
  if (settled?.request !== request) return { status: 'loading' };
  if (settled.status === 'error') return { status: 'error', retry };
  return { status: 'ready', data: settled.data };
}
