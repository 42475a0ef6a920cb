/**
 * `returnTo` is honoured only for same-origin paths: a relative path starting with a single `/`.
 * Everything else (`//evil.example`, `https://…`, `javascript:`) falls back, so a crafted link
 * cannot send a member who just signed in to another site.
 */
export function safeReturnTo(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, 'http://same-origin.invalid');
    if (url.origin !== 'http://same-origin.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
