import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, FullScreenLoader } from '@loyalty/shared/ui';
import { AppRoutes } from './routing/app-routes';

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <Suspense fallback={<FullScreenLoader />}>
          <AppRoutes />
        </Suspense>
      </AppProviders>
    </BrowserRouter>
  );
}
