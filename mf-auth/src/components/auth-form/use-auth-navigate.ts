import { useCallback } from 'react';
import { useLocation, useNavigate } from '@loyalty/shared/router';

/** Moves to another auth screen, keeping the query (`returnTo`) as {@link AuthLink} does. */
export function useAuthNavigate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (pathname: string, state?: unknown) => void navigate({ pathname, search }, { state }),
    [navigate, search],
  );
}
