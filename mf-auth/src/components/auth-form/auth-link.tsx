import type { ReactNode } from 'react';
import { Link } from '@loyalty/shared/ui';
import { Link as RouterLink, useLocation } from '@loyalty/shared/router';

/**
 * A link to another auth screen that keeps the query (`returnTo`), so a member sent to sign in
 * from a deep link who detours through register or forgot-password still lands back there.
 */
export function AuthLink({ to, children, state }: { to: string; children: ReactNode; state?: unknown }) {
  const { search } = useLocation();
  return (
    <Link asChild variant="underline">
      <RouterLink to={{ pathname: to, search }} state={state}>
        {children}
      </RouterLink>
    </Link>
  );
}
