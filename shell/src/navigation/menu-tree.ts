import type { MenuItem } from '@loyalty/shared/api';
import { resolveMenuPath } from '@loyalty/shared/router';

export interface NavItem {
  id: number;
  title: string;
  /** Resolved from the server's dotted key; unknown keys lead to the 404 page. */
  path: string;
  icon: string;
  children: NavItem[];
}

export interface NavGroup {
  subheader: string;
  items: NavItem[];
}

/**
 * Turns the server's flat per-user menu into navigation: grouped by subheader (in the order the
 * groups first appear), nested by `parent_id` (0 is the top level). An item whose parent is not in
 * the menu is shown at the top level rather than lost.
 */
export function buildMenuTree(menu: readonly MenuItem[]): NavGroup[] {
  const ids = new Set(menu.map((item) => item.id));
  const toNavItem = (item: MenuItem): NavItem => ({
    id: item.id,
    title: item.title,
    path: resolveMenuPath(item.path),
    icon: item.icon,
    children: menu.filter((child) => child.parent_id === item.id && child.id !== item.id).map(toNavItem),
  });

  const groups = new Map<string, NavItem[]>();
  for (const item of menu) {
    const isTopLevel = item.parent_id === 0 || !ids.has(item.parent_id);
    if (!isTopLevel) continue;
    const group = groups.get(item.subheader) ?? [];
    group.push(toNavItem(item));
    groups.set(item.subheader, group);
  }
  return [...groups].map(([subheader, items]) => ({ subheader, items }));
}
