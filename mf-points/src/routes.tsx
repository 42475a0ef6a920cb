import { lazy } from 'react';
import { Navigate, Route, Routes } from '@loyalty/shared/router';
import { registerNamespace } from '@loyalty/shared/i18n';
import { paths } from '@loyalty/shared/routes';

// Each page loads when it is first visited (the shell's area shows its progress bar meanwhile), so
// the dashboard does not wait for the redeem dialog or the transactions table.
const DashboardPage = lazy(() =>
  import('./features/dashboard/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);
const TransactionsPage = lazy(() =>
  import('./features/transactions/transactions-page').then((module) => ({ default: module.TransactionsPage })),
);
const ClaimPage = lazy(() => import('./features/claim/claim-page').then((module) => ({ default: module.ClaimPage })));
const RedeemPage = lazy(() =>
  import('./features/redeem/redeem-page').then((module) => ({ default: module.RedeemPage })),
);
const CalendarPage = lazy(() =>
  import('./features/calendar/calendar-page').then((module) => ({ default: module.CalendarPage })),
);

registerNamespace('points', (language) => import(`./locales/${language}.json`));

/** The path of a dashboard page relative to where the shell mounts mf-points. */
const relative = (path: string) => path.slice(paths.dashboard.root.length + 1);

/** mf-points' slice of the URL space: `/dashboard` and its points pages. */
export default function PointsRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path={relative(paths.dashboard.transactions)} element={<TransactionsPage />} />
      <Route path={relative(paths.dashboard.claim)} element={<ClaimPage />} />
      <Route path={relative(paths.dashboard.redeem)} element={<RedeemPage />} />
      <Route path={relative(paths.dashboard.calendar)} element={<CalendarPage />} />
      <Route path="*" element={<Navigate to={paths.page404} replace />} />
    </Routes>
  );
}
