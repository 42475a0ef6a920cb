import { useLocation } from '@loyalty/shared/router';
import { paintedSkeletonFor, skeletonMarkup } from './painted-skeletons';

/**
 * The shape of the page at the current path while its code is on its way: the remote's skeleton
 * the HTML painted first, when it painted one for this page (decision 064). Otherwise nothing: the
 * frame around it and the progress bar say the page is coming, and the shell draws no remote's
 * page of its own.
 */
export function PageSkeleton({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const skeleton = paintedSkeletonFor(signedIn ? 'dashboard' : 'auth', pathname);
  if (!skeleton) return null;
  // The remote's build rendered this markup; the page carried it from the edge.
  return (
    <div
      className="fp-page fp-shown"
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: skeletonMarkup(skeleton) }}
    />
  );
}
