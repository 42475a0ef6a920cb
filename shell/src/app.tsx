import { lazy, Suspense } from 'react';
import { BrowserRouter } from '@loyalty/shared/router';
import { AppProviders } from '@loyalty/shared/ui';
import { FirstPaintFrame } from './first-paint/first-paint-frame';
import { AppRoutes } from './routing/app-routes';
import { RouteAnnouncer } from './routing/route-announcer';
import { ScrollToTop } from './routing/scroll-to-top';
import { useSession } from '@loyalty/shared/session';
import { useLanguageSync } from './session/use-language-sync';
import { UpdateBoundary } from './offline/update-boundary';
import { UpdateNotice } from './offline/update-notice';

// Loaded when a session ends behind the member's back: the dialog and its Chakra parts stay out of
// the first page load.
const SessionTimeoutModal = lazy(() =>
  import('./session/session-timeout-modal').then((module) => ({ default: module.SessionTimeoutModal })),
);

function SessionEffects() {
  useLanguageSync();
  const expired = useSession((state) => state.expired);
  return expired ? (
    <Suspense fallback={null}>
      <SessionTimeoutModal />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <ScrollToTop />
        {/* First in the document: it says why an action went unanswered, and takes the focus. */}
        <UpdateNotice />
        <UpdateBoundary>
          <Suspense fallback={<FirstPaintFrame />}>
            <AppRoutes />
            <SessionEffects />
          </Suspense>
        </UpdateBoundary>
        {/* After the pages, so that their own status messages come first in the document. */}
        <RouteAnnouncer />
      </AppProviders>
    </BrowserRouter>
  );
}
