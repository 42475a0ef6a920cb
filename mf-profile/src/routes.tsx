import { Navigate, Route, Routes } from '@loyalty/shared/router';
import { paths } from '@loyalty/shared/routes';
import './register-texts';
import { AccountPage } from './features/account/account-page';
import { EditProfilePage } from './features/edit-profile/edit-profile-page';
import { ChangePasswordPage } from './features/change-password/change-password-page';

/** mf-profile's slice of the URL space: `/dashboard/user/*`. */
export default function ProfileRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="account" replace />} />
      <Route path="account" element={<AccountPage />} />
      <Route path="edit-profile" element={<EditProfilePage />} />
      <Route path="change-password" element={<ChangePasswordPage />} />
      <Route path="*" element={<Navigate to={paths.page404} replace />} />
    </Routes>
  );
}
