import registry from '../../../scripts/lib/remotes.cjs';
import { REMOTE_MOUNTS, type RemoteName } from './paths';

/**
 * The remote whose routes render `pathname` (docs/product/frame.md: the deepest mount point wins, and the home
 * page belongs to the registry's home remote), or null for the shell's own pages such as the 404.
 */
export function remoteForPath(pathname: string): RemoteName | null {
  if (pathname === '/') return registry.homeRemote.federationName;
  let found: string | null = null;
  for (const [remote, mount] of Object.entries(REMOTE_MOUNTS)) {
    const inside = pathname === mount || pathname.startsWith(`${mount}/`);
    if (inside && (found === null || mount.length > (REMOTE_MOUNTS[found] ?? '').length)) found = remote;
  }
  return found;
}
