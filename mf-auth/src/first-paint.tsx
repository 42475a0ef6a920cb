import type { PageSkeleton } from '@loyalty/shared/first-paint';
import { mountOf, paths } from '@loyalty/shared/router';
import { GuestPageSkeleton, SignInSkeleton } from './first-paint/form-skeleton';

/**
 * The shapes of mf-auth's pages before any script has run: this build renders them to HTML
 * (`first-paint.json` beside remoteEntry.js), and the edge writes the one of the page it serves
 * into the shell's page (decision 064). Sign-in is also what a visitor without a session sees
 * first on a member's page, where the guards send them.
 */
export const pageSkeletons: PageSkeleton[] = [
  { path: paths.root, exact: true, Skeleton: SignInSkeleton },
  { path: paths.auth.login, exact: true, Skeleton: SignInSkeleton },
  { path: mountOf('mf_auth'), Skeleton: GuestPageSkeleton },
];
