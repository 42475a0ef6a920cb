import type { ComponentType } from 'react';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@loyalty/shared/router';
import { loadRemoteWithRetry } from './load-remote-with-retry';
import { provideFederationRuntime } from './provide-federation-runtime';
import { retryFailedSharesPlugin } from './retry-failed-shares-plugin';
import { federationJournalPlugin } from '../telemetry/federation-journal-plugin';

export { registerReleasedRemotes } from './register-released-remotes';

// Everything the shell's start-up and its remote areas ask of module federation, in one module:
// the build that measures the portal without federation (`npm run perf -- --compare-single-bundle`)
// puts the module webpack/single-bundle/remotes-compiled-in.cjs writes in its place, so product
// code carries no measurement mode of its own.

/**
 * Readies the federation runtime before any remote entry loads: its retries of failed shares, and
 * the journal of each remote's load that members' reports are made from.
 */
export function prepareFederation(): void {
  provideFederationRuntime();
  registerPlugins([retryFailedSharesPlugin(), federationJournalPlugin()]);
}

/** A remote's exposed routes module. */
export function loadRemoteRoutes(remote: RemoteName): Promise<{ default: ComponentType }> {
  return loadRemoteWithRetry<{ default: ComponentType }>(remote, 'routes');
}
