import remoteMounts from './remote-mounts.json';
import { SIGNED_IN_ROOT } from './path-rules.mjs';

/**
 * The one route table (docs/product/frame.md). Server menu keys are dotted paths into it
 * (`dashboard.user.account` → `/dashboard/user/account`).
 */
export const paths = {
  root: '/',
  page404: '/404',
  auth: {
    login: '/auth/login',
    register: '/auth/register',
    verifyOtp: '/auth/verify-otp',
    verifyPassword: '/auth/verify-password',
    forgotPassword: '/auth/forgot-password',
    newPassword: '/auth/new-password',
    /** The link of a reset e-mail: `#token=…` (mock-api `RESET_LINK_PATH`). */
    resetLink: '/auth/reset-password',
    successPassword: '/auth/success-password',
  },
  dashboard: {
    root: SIGNED_IN_ROOT,
    transactions: '/dashboard/transactions',
    claim: '/dashboard/claim',
    redeem: '/dashboard/redeem',
    rewards: '/dashboard/rewards',
    card: '/dashboard/card',
    calendar: '/dashboard/calendar',
    user: {
      root: '/dashboard/user/account',
      account: '/dashboard/user/account',
      editProfile: '/dashboard/user/edit-profile',
      changePassword: '/dashboard/user/change-password',
      communication: '/dashboard/user/communication',
    },
  },
} as const;

/**
 * Where each remote's slice of the URL space starts. A JSON file, because the server of the
 * shell's pages reads it too: it preloads the entry of the remote that renders a page
 * (scripts/edge/policy.mjs).
 */
export const REMOTE_MOUNTS: Readonly<typeof remoteMounts> = remoteMounts;
export type RemoteName = keyof typeof REMOTE_MOUNTS;

/**
 * A path of the route table as a remote's `<Routes>` sees it, relative to where the remote is
 * mounted (`/auth/register` in mf-auth → `register`).
 */
export function pathInRemote(remote: RemoteName, path: string): string {
  const mount = REMOTE_MOUNTS[remote];
  if (!path.startsWith(`${mount}/`)) throw new Error(`${path} is not inside ${remote}, mounted at ${mount}`);
  return path.slice(mount.length + 1);
}
