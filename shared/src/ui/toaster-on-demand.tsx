import { useSyncExternalStore } from 'react';
import { loadedToasterRegion, onToasterRegionLoaded } from './toaster';

/**
 * Mounts the toast region once the toaster's module is on the page (the first toast fetches it),
 * and keeps it from then on, so it can play exit animations. Toasts created before it mounts are
 * not lost: the region starts from the toaster's visible toasts. The module is not loaded through
 * React.lazy: a chunk that could not be fetched would then throw in the render and take the whole
 * page down; here it only loses that toast.
 */
export function ToasterOnDemand() {
  const region = useSyncExternalStore(onToasterRegionLoaded, loadedToasterRegion, () => null);
  return region ? <region.ToasterRegion /> : null;
}
