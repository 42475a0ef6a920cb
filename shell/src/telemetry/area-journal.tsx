import { useEffect } from 'react';
import { useLocation } from '@loyalty/shared/router';
import { note } from './journal';
import { routeRemote } from './start-reporting';

/** Notes each page load and route change inside `remote`'s area, as a page of that remote. */
export function useNotePages(remote: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    note({ type: 'page', remote, at: performance.now() });
  }, [remote, pathname]);
}

/**
 * Rendered after a remote's routes, inside their Suspense boundary: its effect runs once those
 * routes have committed their first render, which ends the remote's load as a success.
 */
export function AreaRendered({ remote }: { remote: string }) {
  useEffect(() => {
    note({ type: 'area-rendered', remote, at: performance.now() });
  }, [remote]);
  return null;
}

/** Notes an error a remote area's boundary caught, for the remote that owns the area. */
export function noteCaught(remote: string): void {
  note({ type: 'error', kind: 'boundary', remote, routeRemote: routeRemote(), at: performance.now() });
}
