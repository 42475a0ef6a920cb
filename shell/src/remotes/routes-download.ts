import type { ComponentType } from 'react';
import { remoteForPath, type RemoteName } from '@loyalty/shared/routes';
import { loadRemoteWithRetry } from './load-remote-with-retry';
import { importBundledRoutes } from './bundled-remotes';

// Apart from the remote area, which renders with Chakra: the bootstrap starts a download before
// the application (and Chakra) has been evaluated.

type RoutesModule = { default: ComponentType };

const routesDownloads = new Map<string, Promise<RoutesModule>>();

/** One download per remote and attempt, whoever asks first: the preload or the area. */
export function downloadRoutes(remote: RemoteName, attempt: number): Promise<RoutesModule> {
  const key = `${remote}#${attempt}`;
  let download = routesDownloads.get(key);
  if (!download) {
    download = (
      __SINGLE_BUNDLE__ ? importBundledRoutes(remote) : loadRemoteWithRetry<RoutesModule>(remote, 'routes')
    ).then((module) => {
      if (typeof module.default !== 'function') {
        throw new Error(`${remote} did not expose a routes component`);
      }
      return module;
    });
    routesDownloads.set(key, download);
  }
  return download;
}

/**
 * Starts downloading the routes of the remote that will render `pathname`, as soon as the remotes
 * are registered: the download then runs beside the texts and the first render instead of after
 * them. Only where the guards will let the visitor in (a signed-out visitor of /dashboard is sent
 * to sign in, so mf-points would be a wasted download).
 */
export function preloadRemoteFor(pathname: string, signedIn: boolean): void {
  const remote = remoteForPath(pathname);
  if (!remote || (remote === 'mf_auth') === signedIn) return;
  // A failure here is not reported: the area asks again and shows its fallback.
  downloadRoutes(remote, 0).catch(() => undefined);
}
