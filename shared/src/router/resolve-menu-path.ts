import registry from '../../../scripts/lib/remotes.cjs';
import { paths } from './paths';

type RouteNode = string | { readonly [key: string]: RouteNode };

/**
 * Resolves a dotted menu key from the server to a path. A remote's own menu key in the registry
 * (remotes.json) resolves to where the remote is mounted. A key that lands on a group resolves to
 * the group's `root`; anything unknown resolves to the 404 page rather than a broken link.
 */
export function resolveMenuPath(key: string): string {
  const remote = registry.remotes.find((candidate) => candidate.menu.some((item) => item.key === key));
  if (remote) return remote.mount;
  let node: RouteNode | undefined = paths;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) return paths.page404;
    node = node[part];
  }
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && typeof node.root === 'string') return node.root;
  return paths.page404;
}
