import { Navigate, Route, Routes } from 'react-router-dom';
import { registerNamespace } from '@loyalty/shared/i18n';
import { paths } from '@loyalty/shared/routes';
import { LoginPage } from './features/login/login-page';

registerNamespace('auth', (language) => import(`./locales/${language}.json`));

/** mf-auth's slice of the URL space: `/` (sign in) and `/auth/*`. */
export default function AuthRoutes() {
  return (
    <Routes>
      <Route index element={<LoginPage />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="*" element={<Navigate to={paths.page404} replace />} />
    </Routes>
  );
}
