import registry from '../../../scripts/lib/remotes.cjs';
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
    /** The link of a reset e-mail: `#token=…` (the mock API writes it from here). */
    resetLink: '/auth/reset-password',
    /** The "this wasn't me" link of a sign-in alert: `#token=…` (the mock API writes it from here). */
    notMe: '/auth/not-me',
    successPassword: '/auth/success-password',
  },
  dashboard: {
    root: SIGNED_IN_ROOT,
    transactions: '/dashboard/transactions',
    claim: '/dashboard/claim',
    redeem: '/dashboard/redeem',
    rewards: '/dashboard/rewards',
    card: '/dashboard/card',
    tiers: '/dashboard/tiers',
    myRewards: '/dashboard/my-rewards',
    calendar: '/dashboard/calendar',
    help: '/dashboard/help',
    /** A household invitation's link opens it with `#token=…` (the mock API writes it from here). */
    household: '/dashboard/household',
    user: {
      root: '/dashboard/user/account',
      account: '/dashboard/user/account',
      editProfile: '/dashboard/user/edit-profile',
      changePassword: '/dashboard/user/change-password',
      communication: '/dashboard/user/communication',
      data: '/dashboard/user/data',
      sessions: '/dashboard/user/sessions',
    },
  },
} as const;

/**
 * Where each remote's slice of the URL space starts, by federation name: from the registry of
 * remotes (remotes.json), which the edge reads too: it preloads the entry of the remote that
 * renders a page (scripts/edge/policy.mjs).
 */
export const REMOTE_MOUNTS: Readonly<Record<string, string>> = registry.mounts;
/** A remote's federation name (`mf_points`), as the registry spells it. */
export type RemoteName = string;

/** Where `remote` (a federation name of the registry) is mounted. */
export function mountOf(remote: RemoteName): string {
  const mount = REMOTE_MOUNTS[remote];
  if (mount === undefined) throw new Error(`${remote} is not in the registry of remotes (remotes.json)`);
  return mount;
}

/**
 * A path of the route table as a remote's `<Routes>` sees it, relative to where the remote is
 * mounted (`/auth/register` in mf-auth → `register`).
 */
export function pathInRemote(remote: RemoteName, path: string): string {
  const mount = mountOf(remote);
  if (!path.startsWith(`${mount}/`)) throw new Error(`${path} is not inside ${remote}, mounted at ${mount}`);
  return path.slice(mount.length + 1);
}
