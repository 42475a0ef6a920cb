/**
 * The token of an e-mailed link (a reset's, a sign-in alert's): `#token=…`, in the fragment, which
 * no server sees.
 */
export function tokenInFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[\w-]{20,200}$/.test(token) ? token : null;
}
