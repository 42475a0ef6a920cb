import { useLayoutEffect } from 'react';
import { NavigationProgress, PORTAL_NAME } from '@loyalty/shared/ui';
import { useLocation } from '@loyalty/shared/router';
import { useSignedIn } from '@loyalty/shared/session';
import { PageSkeleton, skeletonPageFor } from './page-skeleton';

function Logo() {
  return (
    <span className="fp-logo">
      <span className="fp-mark">
        <svg width="32" height="32" viewBox="0 0 32 32">
          <rect width="32" height="32" rx="8" fill="#0c5d56" />
          <path d="M16 7l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7z" fill="white" />
        </svg>
      </span>
      <span className="fp-name">{PORTAL_NAME}</span>
    </span>
  );
}

const NavItems = () => (
  <>
    {[1, 2, 3, 4, 5].map((item) => (
      <span key={item} className="fp-bone fp-nav-item" />
    ))}
  </>
);

/** The markup of the first paint, exactly as shell/public/index.html holds it (a unit test compares them). */
export function FirstPaintMarkup() {
  return (
    <div className="first-paint" aria-hidden="true">
      <div className="fp-sidebar">
        <Logo />
        <NavItems />
      </div>
      <div className="fp-column">
        <div className="fp-header">
          <span className="fp-bone fp-control fp-menu" />
          <Logo />
          <span className="fp-spacer" />
          <span className="fp-bone fp-chip" />
          <span className="fp-bone fp-control fp-select" />
          <span className="fp-bone fp-control fp-member" />
          <span className="fp-bone fp-control fp-member fp-account" />
        </div>
        <div className="fp-navbar">
          <NavItems />
        </div>
        <div className="fp-main">
          <PageSkeleton page="dashboard" shown={false} />
          <PageSkeleton page="page" shown={false} />
          <PageSkeleton page="sign-in" shown={false} />
          <PageSkeleton page="auth" shown={false} />
        </div>
      </div>
    </div>
  );
}

/**
 * What the page shows while the session or a layout's code is not there yet (docs/product/frame.md:
 * the full-screen loading state): the progress bar over the frame the HTML painted first, for where
 * the member is now (it may have changed since: a sign-in, a sign-out). Where a spinner on a blank
 * page stood, the member keeps seeing the page's shape.
 */
export function FirstPaintFrame() {
  const { pathname } = useLocation();
  // While the session is being determined, the stored token's word, as at the first paint.
  const signedIn = useSignedIn();
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.firstPaint = signedIn ? 'dashboard' : 'auth';
    root.dataset.firstPaintPage = skeletonPageFor(pathname, signedIn);
  }, [pathname, signedIn]);
  return (
    <>
      <NavigationProgress />
      <FirstPaintMarkup />
    </>
  );
}
