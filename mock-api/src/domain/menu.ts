import type { MenuItem } from '@loyalty/shared/api';
import registry from '../../../scripts/lib/remotes.cjs';

/**
 * The menu every new member gets: the entries each remote declares in the registry (remotes.json),
 * in the order members see them. It is copied into each member's record, so the menu really is
 * per user (an admin tool could change one member's menu without touching the others).
 * Subheaders are i18n keys of the shell (the frame's sections), titles keys of the remotes' menu
 * namespace, paths keys of the route table (`@loyalty/shared/router`).
 */
export function defaultMemberMenu(): MenuItem[] {
  return registry.menuEntries.map((entry) => ({
    id: entry.id,
    parent_id: entry.parentId,
    subheader: `menu.${entry.section}`,
    title: entry.title,
    path: entry.path,
    icon: entry.icon,
  }));
}
