import { Navigate, Route, Routes } from 'react-router-dom';
import { registerNamespace } from '@loyalty/shared/i18n';
import { paths } from '@loyalty/shared/routes';
import { AccountPage } from './features/account/account-page';

registerNamespace('profile', (language) => import(`./locales/${language}.json`));

/** mf-profile's slice of the URL space: `/dashboard/user/*`. */
export default function ProfileRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="account" replace />} />
      <Route path="account" element={<AccountPage />} />
      <Route path="*" element={<Navigate to={paths.page404} replace />} />
    </Routes>
  );
}
