import { jwtDecode } from 'jwt-decode';
import { readStoredSession } from './session-storage';

/**
 * The portal's one "signed in" rule (docs/product/accounts.md "Session"): a stored token is used
 * only while its `exp` claim (seconds) is later than now. Everything that decides before the
 * session store has restored the session (the start-up, the first paint, a remote's prefetch)
 * asks this; the store itself restores a session only when it holds. Kept free of React and of
 * the store, so the page's pre-paint script can be built from it.
 */
export function isSignedIn(
  token: string | null | undefined = readStoredSession().accessToken,
  now: number = Date.now(),
): boolean {
  if (!token) return false;
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}
