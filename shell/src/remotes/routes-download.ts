import type { ComponentType } from 'react';
import registry from '../../../scripts/lib/remotes.cjs';
import { lazyComponent, type LazyComponent, remoteForPath, type RemoteName } from '@loyalty/shared/router';
import { loadRemoteRoutes } from './federation';

// Apart from the remote area, which renders with Chakra: the bootstrap starts a download before
// the application (and Chakra) has been evaluated.

type RoutesModule = { default: ComponentType };

const routesDownloads = new Map<string, Promise<RoutesModule>>();
/** The downloads still on their way: only these are worth racing on a Retry. */
const pendingDownloads = new Set<string>();

/** One download per remote and attempt, whoever asks first: the preload or the area. */
function downloadRoutes(remote: RemoteName, attempt: number): Promise<RoutesModule> {
  const key = `${remote}#${attempt}`;
  let download = routesDownloads.get(key);
  if (!download) {
    const fresh = loadRemoteRoutes(remote).then((module) => {
      if (typeof module.default !== 'function') {
        throw new Error(`${remote} did not expose a routes component`);
      }
      return module;
    });
    // A Retry while the earlier attempt is still on its way (a slow remote): whichever arrives
    // first renders, so asking again never throws away a download about to land. An earlier
    // attempt that has settled is not raced: it arrived and something after it failed (a page's
    // own chunk), or it failed itself, and either way only the fresh download can mend it.
    const earlierKey = `${remote}#${attempt - 1}`;
    const earlier = attempt > 0 && pendingDownloads.has(earlierKey) ? routesDownloads.get(earlierKey) : undefined;
    download = earlier
      ? Promise.any([earlier, fresh]).catch((failures: AggregateError) => {
          throw failures.errors.at(-1);
        })
      : fresh;
    routesDownloads.set(key, download);
    pendingDownloads.add(key);
    const settled = () => pendingDownloads.delete(key);
    download.then(settled, settled);
  }
  return download;
}

const routesComponents = new Map<string, LazyComponent<ComponentType>>();

/**
 * A remote's routes as a component, one per remote and attempt, so a re-render never starts a new
 * download. Routes already downloaded (the landing page's, fetched while the shell started)
 * render at once.
 */
export function remoteRoutes(remote: RemoteName, attempt: number): LazyComponent<ComponentType> {
  const key = `${remote}#${attempt}`;
  let routes = routesComponents.get(key);
  if (!routes) {
    routes = lazyComponent(() => downloadRoutes(remote, attempt));
    routesComponents.set(key, routes);
  }
  return routes;
}

/**
 * Starts downloading the routes of the remote that will render `pathname`, as soon as the remotes
 * are registered: the download then runs beside the texts and the first render instead of after
 * them. Only where the guards will let the visitor in (a signed-out visitor of /dashboard is sent
 * to sign in, so mf-points would be a wasted download). Settles when the routes have arrived or
 * failed, at once when there is nothing to download.
 */
export async function preloadRemoteFor(pathname: string, signedIn: boolean): Promise<void> {
  const remote = remoteForPath(pathname);
  const guestPages = registry.remotes.find((candidate) => candidate.federationName === remote)?.frame === 'guest';
  if (!remote || guestPages === signedIn) return;
  // A failure here is not reported: the area asks again and shows its fallback.
  await remoteRoutes(remote, 0)
    .load()
    .catch(() => undefined);
}
