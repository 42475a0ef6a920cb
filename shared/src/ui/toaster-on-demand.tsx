import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterRegionRequested, loadToasterRegion, onToasterRegionRequested } from './toaster';

const ToasterRegion = lazy(() => loadToasterRegion().then((module) => ({ default: module.ToasterRegion })));

/**
 * Mounts the toast region once the first toast is asked for, and keeps it from then on, so it can
 * play exit animations. Toasts created before it mounts are not lost: the region starts from the
 * toaster's visible toasts.
 */
export function ToasterOnDemand() {
  const needed = useSyncExternalStore(onToasterRegionRequested, isToasterRegionRequested, () => false);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterRegion />
    </Suspense>
  ) : null;
}
