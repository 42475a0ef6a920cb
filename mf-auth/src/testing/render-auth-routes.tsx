import { configure } from '@testing-library/react';
import { Route, Routes } from '@loyalty/shared/router';
import { renderWithProviders } from '@loyalty/shared/testing';
import AuthRoutes from '../routes';

// A screen change renders a whole Chakra card; on a busy shared machine that can take over the
// default 1 s that `findBy…` waits.
configure({ asyncUtilTimeout: 10_000 });

/** Renders mf-auth's routes as the shell mounts them, at `route`, with the `auth` texts loaded. */
export function renderAuthRoutes(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/auth/*" element={<AuthRoutes />} />
      <Route path="/404" element={<p>404</p>} />
    </Routes>,
    { route, namespaces: ['auth'] },
  );
}

export { TEST_USER } from '@loyalty/shared/testing';
