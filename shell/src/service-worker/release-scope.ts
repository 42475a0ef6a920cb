// Which remote files a release manifest names. Plain functions, without the worker's globals, so
// the rules are tested where they are written.
import contentHash from '../../../webpack/content-hash.cjs';

/** A release of a remote as the manifest names it; anything else in it is ignored here. */
interface NamedRelease {
  entry?: unknown;
}

/**
 * The releases of every remote a device keeps: stable, canary, and the last earlier stable (where
 * `release rollback` goes back to). The manifest lists every earlier stable, one more with each
 * promotion: a device that kept them all would hold every version it ever loaded. An older one QA
 * loads on purpose comes from the network, as without the worker.
 */
function releasesOf(manifest: unknown): NamedRelease[] {
  const remotes =
    manifest && typeof manifest === 'object' && 'remotes' in manifest && manifest.remotes
      ? Object.values(manifest.remotes as Record<string, unknown>)
      : [];
  return remotes.flatMap((channels) => {
    if (!channels || typeof channels !== 'object') return [];
    const { stable, canary, previous } = channels as { stable?: unknown; canary?: unknown; previous?: unknown };
    return [stable, canary, Array.isArray(previous) ? previous.at(-1) : undefined].filter(
      (release): release is NamedRelease => Boolean(release) && typeof release === 'object',
    );
  });
}

/**
 * The folders the manifest's releases are served from, as absolute URLs ending in `/`: a remote's
 * entry and every chunk it loads live in its entry's folder (a versioned one for each release, or
 * the root of the remote's own origin). Entries resolve against `base` (the shell's origin).
 */
export function releaseFolders(manifest: unknown, base: string): string[] {
  const folders = new Set<string>();
  for (const { entry } of releasesOf(manifest)) {
    if (typeof entry !== 'string') continue;
    try {
      const url = new URL(entry, base);
      if (url.protocol === 'https:' || url.protocol === 'http:') folders.add(new URL('.', url).href);
    } catch {
      // An entry that is no URL names no folder.
    }
  }
  return [...folders];
}

/** Whether `url` is a file of one of `folders` (releaseFolders). */
export function isNamed(url: string, folders: readonly string[]): boolean {
  return folders.some((folder) => url.startsWith(folder));
}

/** What dropping a release asks of the cache of remote files (the worker's `loyalty-remotes`). */
export type RemoteFilesCache = Pick<Cache, 'keys' | 'delete'>;

/**
 * Drops from `cache` every file that none of `folders` holds (releaseFolders of the manifest in
 * force): a version rolled back, a canary stopped, a release no manifest names any longer, a stable
 * two promotions old. The releases still named stay, the last previous stable too: a rollback to it
 * finds it kept.
 * Answers the URLs dropped.
 */
export async function forgetWithdrawn(cache: RemoteFilesCache, folders: readonly string[]): Promise<string[]> {
  const withdrawn = (await cache.keys()).filter(({ url }) => !isNamed(url, folders));
  await Promise.all(withdrawn.map((request) => cache.delete(request)));
  return withdrawn.map(({ url }) => url);
}

const HASHED_FILE = new RegExp(contentHash.HASHED_FILE);

/**
 * A content-hashed file: its name changes with its content, so a copy kept is never stale. The
 * build's naming rule, which the edge caches by too.
 */
export function isContentHashed(url: string): boolean {
  return HASHED_FILE.test(new URL(url).pathname);
}
