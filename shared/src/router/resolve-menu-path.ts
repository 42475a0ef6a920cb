import registry from '../../../scripts/lib/remotes.cjs';
import { mountOf, paths } from './paths';

type RouteNode = string | { readonly [key: string]: RouteNode };

/** The path of `key` in the route table, or null when the table has none. */
function routeTablePath(key: string): string | null {
  let node: RouteNode | undefined = paths;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) return null;
    node = node[part];
  }
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && typeof node.root === 'string') return node.root;
  return null;
}

/**
 * Resolves a dotted menu key from the server to a path. A key that lands on a group resolves to
 * the group's `root`; a key the route table lacks but a remote's menu entry in the registry
 * (remotes.json) names resolves to where that remote is mounted; anything unknown resolves to the
 * 404 page rather than a broken link.
 */
export function resolveMenuPath(key: string): string {
  const entry = registry.menuEntries.find((candidate) => candidate.path === key);
  return routeTablePath(key) ?? (entry ? mountOf(entry.remote) : paths.page404);
}
