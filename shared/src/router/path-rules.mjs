// The portal's rules on paths, read by the router in the browser (shared/src/router, bundled by
// webpack) and by the edge in Node (scripts/edge/policy.mjs): where the signed-in pages start,
// which pages are for guests, and which remote renders a page. Plain JavaScript with its types
// beside it (path-rules.d.mts), so both import this one file as it is. The list of remotes and
// their mounts is not here: each caller passes the mount table it reads.

/** Where the signed-in pages start (`paths.dashboard.root`). */
export const SIGNED_IN_ROOT = '/dashboard';

/** Where the pages for visitors without a session start (`paths.auth`); the home page is one too. */
export const GUEST_ROOT = '/auth';

/** `pathname` is `root` or a path below it (`/dashboard`, `/dashboard/claim`, not `/dashboardx`). */
export function isAtOrUnder(pathname, root) {
  return pathname === root || pathname.startsWith(`${root}/`);
}

/** A page only a member with a session opens: the guards send anyone else to sign in. */
export function isSignedInPage(pathname) {
  return typeof pathname === 'string' && isAtOrUnder(pathname, SIGNED_IN_ROOT);
}

/** A page for visitors without a session (the home page, sign-in, sign-up): a member goes to the dashboard. */
export function isGuestPage(pathname) {
  return pathname === '/' || (typeof pathname === 'string' && isAtOrUnder(pathname, GUEST_ROOT));
}

/**
 * The remote whose routes render `pathname`, given the mount table (remote → where its slice of
 * the URL space starts; docs/product/frame.md): the deepest mount wins, and the home page belongs
 * to `homeRemote`. Null for the shell's own pages, such as the 404.
 */
export function remoteForMountedPath(pathname, remoteMounts, homeRemote) {
  if (pathname === '/') return homeRemote;
  let found = null;
  for (const [remote, mount] of Object.entries(remoteMounts)) {
    if (isAtOrUnder(pathname, mount) && (!found || mount.length > remoteMounts[found].length)) found = remote;
  }
  return found;
}
