// Which shell build a page runs and which one a worker precached, named alike on both sides: the
// build hash the page links main.js with (`/main.js?<hash>`), which the worker's precache names too
// (webpack/install/service-worker.cjs). Plain functions, without the worker's globals, so that the
// page and the worker share them.

/** What a page sends the worker to learn its shell build; the answer comes on the port it sends. */
export const SHELL_BUILD_MESSAGE = 'SHELL_BUILD';

/** The build `url` names when it is the shell's main.js (on `base`'s origin) with its build hash. */
export function buildOfMain(url: string, base: string): string | undefined {
  const { origin, pathname, search } = new URL(url, base);
  const shell = origin === new URL(base).origin && pathname === '/main.js';
  return shell && search.length > 1 ? search.slice(1) : undefined;
}

/** The build the first of `urls` that names one names: a page's scripts, a worker's precache. */
export function buildNamedBy(urls: Iterable<string>, base: string): string | undefined {
  for (const url of urls) {
    const build = buildOfMain(url, base);
    if (build) return build;
  }
  return undefined;
}
