import type { ComponentType } from 'react';
import type { RemoteName } from '@loyalty/shared/router';

/**
 * The single-bundle build (`SINGLE_BUNDLE=1 npm run build`, used by `npm run perf
 * -- --compare-single-bundle`) compiles every remote's routes into the shell, so the cost of
 * federation can be measured against the same portal without it. `mf_*` resolve to the remotes'
 * sources only in that build; in the federated build `__SINGLE_BUNDLE__` is false and webpack
 * never follows the imports inside the condition.
 */
export function importBundledRoutes(remote: RemoteName): Promise<{ default: ComponentType }> {
  if (__SINGLE_BUNDLE__) {
    switch (remote) {
      case 'mf_auth':
        return import('mf_auth/routes');
      case 'mf_points':
        return import('mf_points/routes');
      case 'mf_profile':
        return import('mf_profile/routes');
    }
  }
  return Promise.reject(new Error(`${remote} is compiled into the shell only in the single-bundle build`));
}
