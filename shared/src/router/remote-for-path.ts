import registry from '../../../scripts/lib/remotes.cjs';
import { REMOTE_MOUNTS, type RemoteName } from './paths';
import { remoteForMountedPath } from './path-rules.mjs';

/**
 * The remote whose routes render `pathname` (docs/product/frame.md: the deepest mount point wins,
 * and the home page belongs to the registry's home remote), or null for the shell's own pages such
 * as the 404. The rule is path-rules.mjs's, which the edge applies too.
 */
export function remoteForPath(pathname: string): RemoteName | null {
  return remoteForMountedPath(pathname, REMOTE_MOUNTS, registry.homeRemote.federationName);
}
