import { Navigate, Route, Routes, lazyPage, paths } from '@loyalty/shared/router';
import { readStoredSession } from '@loyalty/shared/session';
import { AuthLayout } from '../layouts/auth-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { RemoteArea } from '../remotes/remote-area';
import { AuthGuard, GuestGuard } from './guards';

// Signed-in screens bring the tables and statistics of `@loyalty/shared/ui-data-display`; the
// sign-in pages never download them. A signed-in member opening a dashboard page gets them at
// start-up, beside the texts and the remote, rather than when the routes first render.
const DashboardLayout = lazyPage(
  (pathname) => pathname.startsWith(paths.dashboard.root) && Boolean(readStoredSession().accessToken),
  () => import('../layouts/dashboard/dashboard-layout').then((module) => ({ default: module.DashboardLayout })),
);

/** docs/product/frame.md route table: each remote owns a slice of the URL space below its mount point. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <GuestGuard>
            <AuthLayout />
          </GuestGuard>
        }
      >
        <Route index element={<RemoteArea remote="mf_auth" />} />
        <Route path="auth/*" element={<RemoteArea remote="mf_auth" />} />
      </Route>
      <Route
        element={
          <AuthGuard>
            <DashboardLayout />
          </AuthGuard>
        }
      >
        {/* Each dashboard page waits for its permission answer (the layout's PermissionGate). */}
        <Route path="dashboard/user/*" element={<RemoteArea remote="mf_profile" />} />
        <Route path="dashboard/*" element={<RemoteArea remote="mf_points" />} />
      </Route>
      <Route path={paths.page404} element={<NotFoundPage />} />
      <Route path="*" element={<Navigate to={paths.page404} replace />} />
    </Routes>
  );
}
