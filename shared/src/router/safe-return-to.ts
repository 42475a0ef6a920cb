const SAME_ORIGIN = 'http://same-origin.invalid';

/** A path the router would read as another host (`//host`, `/\host`), or one holding control characters. */
const leavesTheOrigin = (path: string) =>
  /^[/\\]{2}/.test(path) || [...path].some((character) => character <= '\u001f' || character === '\u007f');

/**
 * `returnTo` is honoured only for same-origin paths: a relative path starting with a single `/`.
 * Everything else (`//evil.example`, `https://…`, `javascript:`) falls back, so a crafted link
 * cannot send a member who just signed in to another site. The check runs on the value as given
 * and again on the path it normalises to, which is what is returned: `/..//evil.example`
 * normalises to `//evil.example`, which the router would take for another host.
 */
export function safeReturnTo(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || leavesTheOrigin(value)) return fallback;
  try {
    const url = new URL(value, SAME_ORIGIN);
    const path = url.pathname + url.search + url.hash;
    if (url.origin !== SAME_ORIGIN || leavesTheOrigin(path)) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
