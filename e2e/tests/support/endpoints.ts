import apps from '../../../scripts/lib/apps.cjs';

/** Where the apps under test run; ports follow the same environment variables as everything else. */
export const SHELL_ORIGIN = apps.origin('shell');
export const API_ORIGIN = apps.apiOrigin();
/** Where the shell's pages send their API calls: `/api/` on their own origin, passed on to the API. */
export const SHELL_API_CALLS = `${apps.runtimeConfig('shell').HOST_API}${apps.API_PATH}`;
/** The telemetry receiver's own address (its `/metrics` is not reachable through the portal). */
export const TELEMETRY_ORIGIN = apps.telemetryOrigin();
export const REMOTE_ORIGINS = {
  mf_auth: apps.origin('mf-auth'),
  mf_points: apps.origin('mf-points'),
  mf_profile: apps.origin('mf-profile'),
} as const;
