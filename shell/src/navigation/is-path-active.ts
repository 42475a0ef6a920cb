import type { NavItem } from './menu-tree';

/** An item is active when the current path is its own, or the path of one of its descendants. */
export function isItemActive(item: NavItem, pathname: string): boolean {
  const own = pathname === item.path || pathname.startsWith(`${item.path}/`);
  return own || item.children.some((child) => isItemActive(child, pathname));
}
