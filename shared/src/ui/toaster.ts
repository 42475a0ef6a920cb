import type * as ToasterRegion from './toaster-region';
import { loadOnceUntilFailure } from '../promises/load-once';

/** docs/product/limits.md: at most 5 at once, auto-hide after 3000 ms, top right, success by default. */
export const TOAST_MAX = 5;
export const TOAST_DURATION_MS = 3000;

export type ToastType = 'success' | 'error' | 'info' | 'warning';

type ToasterRegionModule = typeof ToasterRegion;

let loadedRegion: ToasterRegionModule | null = null;
const loadedListeners = new Set<() => void>();

/**
 * The toaster (Chakra's toast store, the region that renders it and the toast recipe) is a chunk
 * of its own, fetched with the first toast: most page loads show none, and the first page a member
 * sees should not wait for it. After a failed fetch, the next toast tries again.
 */
export const loadToasterRegion = loadOnceUntilFailure(async () => {
  const region = await import(/* webpackChunkName: "toaster" */ './toaster-region');
  loadedRegion = region;
  loadedListeners.forEach((listener) => listener());
  return region;
});

/** The toaster's module once it is on the page, for the region to be mounted. */
export const loadedToasterRegion = (): ToasterRegionModule | null => loadedRegion;

/** Calls `listener` when the toaster's module is on the page. */
export function onToasterRegionLoaded(listener: () => void): () => void {
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

/**
 * Shows a toast unless the same text is already on screen (docs/product/limits.md: duplicates prevented).
 * The id is derived from type and text so a repeat is recognised.
 */
export function notify(message: string, type: ToastType = 'success'): void {
  loadToasterRegion().then(
    ({ toaster }) => {
      const id = `${type}:${message}`;
      if (toaster.isVisible(id)) return;
      toaster.create({ id, title: message, type });
    },
    (error: unknown) => console.error(`The toast "${message}" could not be shown`, error),
  );
}
