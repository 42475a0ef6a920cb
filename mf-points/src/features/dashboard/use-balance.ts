import { useCallback, useEffect, useState } from 'react';
import { getBalance, type Balance } from '@loyalty/shared/api';

export type BalanceState =
  { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'ready'; balance: Balance };

export function useBalance(): BalanceState {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'ready'; balance: Balance }
  >({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((current) => current + 1);
  }, []);

  useEffect(() => {
    let active = true;
    getBalance().then(
      (balance) => active && setState({ status: 'ready', balance }),
      () => active && setState({ status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  return state.status === 'error' ? { status: 'error', retry } : state;
}
