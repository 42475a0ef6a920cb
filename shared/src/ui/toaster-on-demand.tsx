import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toaster } from './toaster';

// The toast region (Chakra's Toaster and the machine behind it) loads with the first toast: most
// page loads show none, and the first page a member sees should not wait for it. Toasts created
// before it mounts are not lost: the region starts from the toaster's visible toasts.
const ToasterRegion = lazy(() => import('./toaster-region').then((module) => ({ default: module.ToasterRegion })));

let regionNeeded = false;
// The toaster tells its subscribers about a toast before it counts it, so any news latches.
const subscribe = (onChange: () => void) =>
  toaster.subscribe(() => {
    regionNeeded = true;
    onChange();
  });
/** Once a toast has existed the region stays mounted, so it can play exit animations. */
const isRegionNeeded = () => (regionNeeded ||= toaster.getCount() > 0);

/** Mounts {@link ToasterRegion} once a toast exists, and keeps it from then on. */
export function ToasterOnDemand() {
  const needed = useSyncExternalStore(subscribe, isRegionNeeded, () => false);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterRegion />
    </Suspense>
  ) : null;
}
