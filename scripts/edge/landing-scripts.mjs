// The scripts a remote's entry asks for as soon as it has run (its routes module, the default
// language's texts), as its build lists them in `landing-scripts.json` beside the entry
// (webpack/start-up/landing-scripts-plugin.cjs). The shell's server preloads them with the entry
// (security-headers.mjs, decision 016).

/** How long a page's response waits for the list; past it, the page goes without these preloads. */
const READ_TIMEOUT_MS = 1000;

/**
 * The scripts `landing-scripts.json` beside `entry` (a URL) lists, as absolute addresses. Only
 * `.js` files of the entry's own origin are kept: the list names files of the same build, and the
 * `Link` header carries nothing else. An empty list when the file is missing, slow or not a list:
 * the page then loads as it would without it.
 */
export async function landingScriptsOf(entry, { fetch = globalThis.fetch, timeoutMs = READ_TIMEOUT_MS } = {}) {
  const listUrl = new URL('landing-scripts.json', entry);
  try {
    const response = await fetch(listUrl, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return [];
    const { scripts } = await response.json();
    if (!Array.isArray(scripts)) return [];
    return scripts
      .filter((file) => typeof file === 'string')
      .map((file) => new URL(file, listUrl))
      .filter((url) => url.origin === listUrl.origin && url.pathname.endsWith('.js') && !url.search && !url.hash)
      .map((url) => url.href);
  } catch {
    return [];
  }
}
