import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, FullScreenLoader } from '@loyalty/shared/ui';
import { AppRoutes } from './routing/app-routes';
import { ScrollToTop } from './routing/scroll-to-top';
import { SessionTimeoutModal } from './session/session-timeout-modal';
import { useLanguageSync } from './session/use-language-sync';

function SessionEffects() {
  useLanguageSync();
  return <SessionTimeoutModal />;
}

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <ScrollToTop />
        <Suspense fallback={<FullScreenLoader />}>
          <AppRoutes />
          <SessionEffects />
        </Suspense>
      </AppProviders>
    </BrowserRouter>
  );
}
