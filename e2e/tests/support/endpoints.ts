import apps from '../../../scripts/lib/apps.cjs';

/** Where the apps under test run; ports follow the same environment variables as everything else. */
export const SHELL_ORIGIN = apps.origin('shell');
export const API_ORIGIN = apps.apiOrigin();
/** Where the shell's pages send their API calls: `/api/` on their own origin, passed on to the API. */
export const SHELL_API_CALLS = `${apps.runtimeConfig('shell').HOST_API}${apps.API_PATH}`;
/** The telemetry receiver's own address (its `/metrics` is not reachable through the portal). */
export const TELEMETRY_ORIGIN = apps.telemetryOrigin();
/** Each remote's origin by federation name (`mf_points`), from the registry (remotes.json). */
export const REMOTE_ORIGINS: Readonly<Record<string, string>> = Object.fromEntries(
  apps.remotes.map((remote) => [remote.name, apps.origin(remote.pkg)]),
);

/** The origin of `remote` (a federation name); a name the registry lacks fails the test at once. */
export function remoteOrigin(remote: string): string {
  const origin = REMOTE_ORIGINS[remote];
  if (origin === undefined) throw new Error(`${remote} is not in the registry of remotes (remotes.json)`);
  return origin;
}
