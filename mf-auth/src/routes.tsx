import { Route, Routes, lazyPage, pathInRemote, paths } from '@loyalty/shared/router';
import { registerNamespace } from '@loyalty/shared/i18n';
import { LoginPage } from './features/login/login-page';
import { ResetLinkPage } from './features/reset-link/reset-link-page';
import { loadTexts } from './texts';
import { NotFound } from '@loyalty/shared/ui';

// Sign-in is the page members land on, so it comes with the routes; every other page loads when it
// is first visited (the shell's area shows its progress bar meanwhile) and stays off that path;
// the page the member landed on downloads with these routes (lazyPage).
const RegisterPage = lazyPage(paths.auth.register, () =>
  import('./features/register/register-page').then((module) => ({ default: module.RegisterPage })),
);
const VerifyCodePage = lazyPage(paths.auth.verifyOtp, () =>
  import('./features/verify-code/verify-code-page').then((module) => ({ default: module.VerifyCodePage })),
);
const ForgotPasswordPage = lazyPage(paths.auth.forgotPassword, () =>
  import('./features/forgot-password/forgot-password-page').then((module) => ({ default: module.ForgotPasswordPage })),
);
const NewPasswordPage = lazyPage(paths.auth.newPassword, () =>
  import('./features/new-password/new-password-page').then((module) => ({ default: module.NewPasswordPage })),
);
const SuccessPasswordPage = lazyPage(paths.auth.successPassword, () =>
  import('./features/success-password/success-password-page').then((module) => ({
    default: module.SuccessPasswordPage,
  })),
);

const NotMePage = lazyPage(paths.auth.notMe, () =>
  import('./features/not-me/not-me-page').then((module) => ({ default: module.NotMePage })),
);

registerNamespace('auth', loadTexts);

const relative = (path: string) => pathInRemote('mf_auth', path);

/** mf-auth's slice of the URL space: `/` (sign in) and `/auth/*`. */
export default function AuthRoutes() {
  return (
    <Routes>
      <Route index element={<LoginPage />} />
      <Route path={relative(paths.auth.login)} element={<LoginPage />} />
      <Route path={relative(paths.auth.register)} element={<RegisterPage />} />
      <Route path={relative(paths.auth.verifyOtp)} element={<VerifyCodePage key="register" purpose="register" />} />
      <Route path={relative(paths.auth.forgotPassword)} element={<ForgotPasswordPage />} />
      <Route path={relative(paths.auth.verifyPassword)} element={<VerifyCodePage key="reset" purpose="reset" />} />
      <Route path={relative(paths.auth.newPassword)} element={<NewPasswordPage />} />
      {/* Only passes the link's token on: small enough to come with the routes. */}
      <Route path={relative(paths.auth.resetLink)} element={<ResetLinkPage />} />
      <Route path={relative(paths.auth.successPassword)} element={<SuccessPasswordPage />} />
      <Route path={relative(paths.auth.notMe)} element={<NotMePage />} />
      {/* An address inside this slice that is no page: the 404, at that address, in the frame. */}
      <Route path="*" element={<NotFound home={paths.root} />} />
    </Routes>
  );
}
