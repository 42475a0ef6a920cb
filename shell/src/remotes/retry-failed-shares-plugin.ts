import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type ErrorLoadShare = NonNullable<ModuleFederationRuntimePlugin['errorLoadShare']>;
type ErrorLoadShareArgs = Parameters<ErrorLoadShare>[0];

/**
 * A federation runtime plugin that lets a shared module's chunk be fetched again after it failed.
 * The runtime keeps the promise of a shared module's load, failed or not: once a lazy shared
 * module's chunk (the API layer, `ui-data-display`, the account menu…) could not be fetched, every
 * later import got the same failure until the page was reloaded. Webpack's own chunks are fetched
 * again on the next import; this makes the runtime's shared modules do the same.
 */
export function retryFailedSharesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'loyalty-retry-failed-shares',
    errorLoadShare({ pkgName, shareScopeMap, lifecycle, error }: ErrorLoadShareArgs) {
      if (lifecycle !== 'loadShare' || error === undefined) return;
      for (const scope of Object.values(shareScopeMap)) {
        for (const shared of Object.values(scope[pkgName] ?? {})) {
          if (shared.loading && !shared.loaded) shared.loading = null;
        }
      }
    },
  };
}
