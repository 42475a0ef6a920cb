declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
/** True in the single-bundle build (SINGLE_BUNDLE=1): remotes compiled into the shell. */
declare const __SINGLE_BUNDLE__: boolean;

// The remotes' routes as the single-bundle build resolves them (see remotes/bundled-remotes.ts).
declare module 'mf_auth/routes' {
  import type { ComponentType } from 'react';

  const Routes: ComponentType;
  export default Routes;
}
declare module 'mf_points/routes' {
  import type { ComponentType } from 'react';

  const Routes: ComponentType;
  export default Routes;
}
declare module 'mf_profile/routes' {
  import type { ComponentType } from 'react';

  const Routes: ComponentType;
  export default Routes;
}
