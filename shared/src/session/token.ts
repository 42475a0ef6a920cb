import { jwtDecode } from 'jwt-decode';

/** docs/product/accounts.md: a stored token is used only while its `exp` claim (seconds) is later than now. */
export function isTokenValid(token: string | null | undefined, now: number = Date.now()): boolean {
  if (!token) return false;
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}
