// The single-bundle build (SINGLE_BUNDLE=1, `npm run perf -- --compare-single-bundle`) compiles every
// remote's routes into the shell and has no federation runtime, so the cost of federation can be
// measured against the same portal without it. It puts this module in place of the shell's
// shell/src/remotes/federation.ts (webpack/create-app-config.cjs), with the same exports; `mf_*/routes`
// resolve to the remotes' sources in that build only. Never deployed.

export function prepareFederation() {}

export function registerReleasedRemotes() {
  return Promise.resolve();
}

export function loadRemoteRoutes(remote) {
  switch (remote) {
    case 'mf_auth':
      return import('mf_auth/routes');
    case 'mf_points':
      return import('mf_points/routes');
    case 'mf_profile':
      return import('mf_profile/routes');
    default:
      return Promise.reject(new Error(`No remote ${remote} in the single bundle`));
  }
}
