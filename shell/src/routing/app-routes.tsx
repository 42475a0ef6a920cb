import registry from '../../../scripts/lib/remotes.cjs';
import { Route, Routes, isSignedInPage, lazyPage, paths } from '@loyalty/shared/router';
import { isSignedIn, useSession, useSignedIn } from '@loyalty/shared/session';
import { NotFound } from '@loyalty/shared/ui';
import { FirstPaintFrame } from '../first-paint/first-paint-frame';
import { AuthLayout } from '../layouts/auth-layout';
import { RemoteArea } from '../remotes/remote-area';
import { AuthGuard, GuestGuard } from './guards';

// Signed-in screens bring the tables and statistics of `@loyalty/shared/ui-data-display`; the
// sign-in pages never download them. A signed-in member opening a dashboard page gets them at
// start-up, beside the texts and the remote, rather than when the routes first render.
const isMemberLanding = (pathname: string) => isSignedInPage(pathname) && isSignedIn();
const DashboardLayout = lazyPage(isMemberLanding, () =>
  import('../layouts/dashboard/dashboard-layout').then((module) => ({ default: module.DashboardLayout })),
);
// The permission check brings the API layer and the query library, which the sign-in pages never
// download: it comes in the layout's chunk (the same import), not in the shell's entry.
const PermissionGate = lazyPage(isMemberLanding, () =>
  import('../layouts/dashboard/dashboard-layout').then((module) => ({ default: module.PermissionGate })),
);

/**
 * The frame of a page outside every remote's slice (a mistyped or stale address): the member's
 * own signed-in frame, header and navigation included, or the guest layout. The address stays
 * what the member asked for.
 */
function FrameOfVisitor() {
  const status = useSession((state) => state.status);
  if (status === 'loading') return <FirstPaintFrame />;
  return status === 'authenticated' ? <DashboardLayout /> : <AuthLayout />;
}

/** The 404 page, with a way home for who is looking at it. */
function NotFoundPage() {
  const signedIn = useSignedIn();
  return <NotFound home={signedIn ? paths.dashboard.root : paths.root} />;
}

/**
 * The shell's routes of the remotes in `frame`, from the registry (remotes.json): each owns the
 * slice of the URL space below its mount point (React Router ranks the deeper mount first), and
 * the home remote the home page too.
 */
function remoteRoutes(frame: 'guest' | 'member') {
  return registry.remotes
    .filter((remote) => remote.frame === frame)
    .flatMap((remote) => [
      remote.home && (
        <Route key={`${remote.federationName}:home`} index element={<RemoteArea remote={remote.federationName} />} />
      ),
      <Route
        key={remote.federationName}
        path={`${remote.mount.slice(1)}/*`}
        element={<RemoteArea remote={remote.federationName} />}
      />,
    ]);
}

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
        {remoteRoutes('guest')}
      </Route>
      <Route
        element={
          <AuthGuard>
            <DashboardLayout />
          </AuthGuard>
        }
      >
        {/* Each dashboard page waits for its permission answer. */}
        <Route element={<PermissionGate />}>{remoteRoutes('member')}</Route>
      </Route>
      <Route element={<FrameOfVisitor />}>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
