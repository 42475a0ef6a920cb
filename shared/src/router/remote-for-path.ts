import { REMOTE_MOUNTS, type RemoteName } from './paths';

/**
 * The remote whose routes render `pathname` (docs/product/frame.md: the deepest mount point wins, and the home
 * page belongs to mf-auth), or null for the shell's own pages such as the 404.
 */
export function remoteForPath(pathname: string): RemoteName | null {
  if (pathname === '/') return 'mf_auth';
  let found: RemoteName | null = null;
  for (const [remote, mount] of Object.entries(REMOTE_MOUNTS) as Array<[RemoteName, string]>) {
    const inside = pathname === mount || pathname.startsWith(`${mount}/`);
    if (inside && (!found || mount.length > REMOTE_MOUNTS[found].length)) found = remote;
  }
  return found;
}
