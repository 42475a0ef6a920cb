import { useLayoutEffect } from 'react';
import { NavigationProgress } from '@loyalty/shared/ui';
import { useSignedIn } from '@loyalty/shared/session';
import { FrameMarkup, FRAMES, type Frame } from './frame-markup';
import { paintedSkeletonOf, skeletonMarkup } from './painted-skeletons';

// The page skeletons of the HTML, drawn again in the same places: what the edge wrote for the
// path the member landed on (with the member's kept figures while the same session is on).
const paintedPages = () =>
  Object.fromEntries(
    FRAMES.map((frame) => {
      const skeleton = paintedSkeletonOf(frame);
      return [frame, skeleton ? skeletonMarkup(skeleton) : ''];
    }),
  ) as Record<Frame, string>;

/**
 * What the page shows while the session or a layout's code is not there yet (docs/product/frame.md:
 * the full-screen loading state): the progress bar over the frame the HTML painted first, for who
 * the member is now (it may have changed since: a sign-in, a sign-out). Where a spinner on a blank
 * page stood, the member keeps seeing the frame and the page's shape.
 */
export function FirstPaintFrame() {
  // While the session is being determined, the stored token's word, as at the first paint.
  const signedIn = useSignedIn();
  useLayoutEffect(() => {
    document.documentElement.dataset.firstPaint = signedIn ? 'dashboard' : 'auth';
  }, [signedIn]);
  return (
    <>
      <NavigationProgress />
      <FrameMarkup pages={paintedPages()} />
    </>
  );
}
