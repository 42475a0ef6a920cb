import { Navigate, Route, Routes, lazyPage, pathInRemote, paths } from '@loyalty/shared/router';
import { registerNamespace } from '@loyalty/shared/i18n';
import { loadTexts } from './texts';
import { NotFound } from '@loyalty/shared/ui';

// Each page loads when it is first visited (the shell's area shows its progress bar meanwhile);
// the page the member landed on downloads with these routes (lazyPage).
const AccountPage = lazyPage(paths.dashboard.user.account, () =>
  import('./features/account/account-page').then((module) => ({ default: module.AccountPage })),
);
const EditProfilePage = lazyPage(paths.dashboard.user.editProfile, () =>
  import('./features/edit-profile/edit-profile-page').then((module) => ({ default: module.EditProfilePage })),
);
const ChangePasswordPage = lazyPage(paths.dashboard.user.changePassword, () =>
  import('./features/change-password/change-password-page').then((module) => ({
    default: module.ChangePasswordPage,
  })),
);

const CommunicationPage = lazyPage(paths.dashboard.user.communication, () =>
  import('./features/communication/communication-page').then((module) => ({ default: module.CommunicationPage })),
);

const MyDataPage = lazyPage(paths.dashboard.user.data, () =>
  import('./features/my-data/my-data-page').then((module) => ({ default: module.MyDataPage })),
);

const SessionsPage = lazyPage(paths.dashboard.user.sessions, () =>
  import('./features/sessions/sessions-page').then((module) => ({ default: module.SessionsPage })),
);

registerNamespace('profile', loadTexts);

const relative = (path: string) => pathInRemote('mf_profile', path);

/** mf-profile's slice of the URL space: `/dashboard/user/*`. */
export default function ProfileRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={relative(paths.dashboard.user.account)} replace />} />
      <Route path={relative(paths.dashboard.user.account)} element={<AccountPage />} />
      <Route path={relative(paths.dashboard.user.editProfile)} element={<EditProfilePage />} />
      <Route path={relative(paths.dashboard.user.changePassword)} element={<ChangePasswordPage />} />
      <Route path={relative(paths.dashboard.user.communication)} element={<CommunicationPage />} />
      <Route path={relative(paths.dashboard.user.data)} element={<MyDataPage />} />
      <Route path={relative(paths.dashboard.user.sessions)} element={<SessionsPage />} />
      {/* An address inside this slice that is no page: the 404, at that address, in the frame. */}
      <Route path="*" element={<NotFound home={paths.dashboard.root} />} />
    </Routes>
  );
}
