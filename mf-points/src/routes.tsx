import { Navigate, Route, Routes } from '@loyalty/shared/router';
import { registerNamespace } from '@loyalty/shared/i18n';
import { paths } from '@loyalty/shared/routes';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { TransactionsPage } from './features/transactions/transactions-page';
import { ClaimPage } from './features/claim/claim-page';
import { RedeemPage } from './features/redeem/redeem-page';
import { CalendarPage } from './features/calendar/calendar-page';

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
