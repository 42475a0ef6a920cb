import type * as ToasterRegion from './toaster-region';

/** SPEC §9: at most 5 at once, auto-hide after 3000 ms, top right, success by default. */
export const TOAST_MAX = 5;
export const TOAST_DURATION_MS = 3000;

export type ToastType = 'success' | 'error' | 'info' | 'warning';

type ToasterRegionModule = typeof ToasterRegion;

let region: Promise<ToasterRegionModule> | undefined;
const regionListeners = new Set<() => void>();

/**
 * The toaster (Chakra's toast store, the region that renders it and the toast recipe) is a chunk
 * of its own, fetched with the first toast: most page loads show none, and the first page a member
 * sees should not wait for it. After a failed fetch, the next toast tries again.
 */
export function loadToasterRegion(): Promise<ToasterRegionModule> {
  if (!region) {
    region = import(/* webpackChunkName: "toaster" */ './toaster-region');
    region.catch(() => {
      region = undefined;
    });
    regionListeners.forEach((listener) => listener());
  }
  return region;
}

/** Whether a toast has been asked for on this page, so the region must be mounted. */
export const isToasterRegionRequested = (): boolean => region !== undefined;

/** Calls `listener` when the region's chunk is first asked for. */
export function onToasterRegionRequested(listener: () => void): () => void {
  regionListeners.add(listener);
  return () => regionListeners.delete(listener);
}

/**
 * Shows a toast unless the same text is already on screen (SPEC §9: duplicates prevented).
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
