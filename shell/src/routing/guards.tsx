import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams, paths, safeReturnTo } from '@loyalty/shared/router';
import { useSession } from '@loyalty/shared/session';
import { FirstPaintFrame } from '../first-paint/first-paint-frame';

/** Dashboard routes: a signed-out visitor goes to sign in, and comes back here afterwards. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const status = useSession((state) => state.status);
  const signOutReason = useSession((state) => state.signOutReason);
  const location = useLocation();

  if (status === 'loading') return <FirstPaintFrame />;
  if (status === 'unauthenticated') {
    // Logging out (the server told or not yet), or deleting the account, ends on the home page
    // (docs/product/frame.md); anything else remembers where the member was.
    if (signOutReason !== null) return <Navigate to={paths.root} replace />;
    const returnTo = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${paths.auth.login}?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }
  return children;
}

/**
 * Guest pages a signed-in member opens too: a sign-in alert's "this wasn't me" link is most often
 * read in a browser where the member is signed in (decision 069), and must not be lost there.
 */
const OPEN_TO_MEMBERS: ReadonlySet<string> = new Set([paths.auth.notMe]);

/** Public routes: a signed-in member goes to the dashboard, or to the safe `returnTo`. */
export function GuestGuard({ children }: { children: ReactNode }) {
  const status = useSession((state) => state.status);
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();

  if (status === 'loading') return <FirstPaintFrame />;
  if (status === 'authenticated' && !OPEN_TO_MEMBERS.has(pathname)) {
    return <Navigate to={safeReturnTo(searchParams.get('returnTo'), paths.dashboard.root)} replace />;
  }
  return children;
}
