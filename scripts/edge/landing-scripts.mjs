// The scripts a remote's entry asks for as soon as it has run (its routes module, the default
// language's texts), as its build lists them in `landing-scripts.json` beside the entry
// (webpack/start-up/landing-scripts-plugin.cjs). The shell's pages preload them with the entry
// (policy.mjs, decision 016). The edge's configuration is written with them, so they are read
// once per release, when the configuration is generated, never while a page is being answered.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const LIST = 'landing-scripts.json';

/**
 * The scripts `landing-scripts.json` beside `entry` (a URL) lists, as `{ url, integrity }`: the
 * absolute address, and the Subresource Integrity the build gives it, when it loads its chunks with
 * one (absent otherwise; policy.mjs keeps only a well-formed one). A preload must carry the integrity
 * the script tag will carry, or the browser fetches the script twice. Only `.js` files of the
 * entry's own origin are kept: the list names files of the same build, and the `Link` header
 * carries nothing else. `readList(listUrl)` reads the list (parsed JSON, or null when there is
 * none). An empty list when the file is missing or not a list: the page then loads as it would
 * without it.
 */
export async function landingScriptsOf(entry, { readList }) {
  const listUrl = new URL(LIST, entry);
  try {
    const list = await readList(listUrl);
    const scripts = list && typeof list === 'object' ? list.scripts : null;
    if (!Array.isArray(scripts)) return [];
    const integrityOf = list.integrity && typeof list.integrity === 'object' ? list.integrity : {};
    return scripts
      .filter((file) => typeof file === 'string')
      .map((file) => ({
        url: new URL(file, listUrl),
        integrity: Object.hasOwn(integrityOf, file) ? integrityOf[file] : undefined,
      }))
      .filter(({ url }) => url.origin === listUrl.origin && url.pathname.endsWith('.js') && !url.search && !url.hash)
      .map(({ url, integrity }) => (typeof integrity === 'string' ? { url: url.href, integrity } : { url: url.href }));
  } catch {
    return [];
  }
}

/**
 * The file an edge serves from folders at an address: `roots(origin)` names the folders an origin
 * serves, first match wins (as the edge looks them up). Resolves to the file's absolute path, or
 * null for another origin, a path that leaves its folder, or no such file.
 */
export function fileFromFolders(roots) {
  return async (url) => {
    const relative = decodeURIComponent(url.pathname);
    for (const root of roots(url.origin) ?? []) {
      const file = path.resolve(root, `.${path.posix.normalize(relative)}`);
      if (!file.startsWith(path.resolve(root) + path.sep)) return null;
      try {
        if ((await stat(file)).isFile()) return file;
      } catch (error) {
        if (error.code !== 'ENOENT') return null;
      }
    }
    return null;
  };
}

/** A `readList` for files an edge serves from folders (`fileFromFolders`): parsed JSON, or null. */
export function readListFromFolders(roots) {
  const fileAt = fileFromFolders(roots);
  return async (listUrl) => {
    const file = await fileAt(listUrl);
    if (!file) return null;
    try {
      return JSON.parse(await readFile(file, 'utf8'));
    } catch {
      return null;
    }
  };
}
