import { Navigate, Route, Routes } from 'react-router-dom';
import { registerNamespace } from '@loyalty/shared/i18n';
import { paths } from '@loyalty/shared/routes';
import { DashboardPage } from './features/dashboard/dashboard-page';

registerNamespace('points', (language) => import(`./locales/${language}.json`));

/** mf-points' slice of the URL space: `/dashboard` and its points pages. */
export default function PointsRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="*" element={<Navigate to={paths.page404} replace />} />
    </Routes>
  );
}
