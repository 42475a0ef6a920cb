import { useState } from 'react';
import { Navigate, useLocation, paths } from '@loyalty/shared/router';
import { rememberFlow } from '../../components/auth-form/flow-storage';
import { tokenInFragment } from '../../components/auth-form/link-token';

/**
 * Where the link of a reset e-mail lands (`paths.auth.resetLink`): its token is what a verified
 * code is exchanged for, so it goes on to the new-password step exactly as the code step does, and
 * the address with the token is replaced in the history. The API checks the token when the new
 * password is sent; a link without one starts the journey again.
 */
export function ResetLinkPage() {
  const location = useLocation();
  const [resetToken] = useState(() => {
    const token = tokenInFragment(location.hash);
    if (token) rememberFlow('resetToken', token);
    return token;
  });
  if (!resetToken) return <Navigate to={{ pathname: paths.auth.forgotPassword, search: location.search }} replace />;
  return <Navigate to={{ pathname: paths.auth.newPassword, search: location.search }} state={{ resetToken }} replace />;
}
