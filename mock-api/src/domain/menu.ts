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

/**
 * Gives the default menu to members whose stored menu names titles the registry no longer knows:
 * a data folder from before the remotes declared their entries held the shell's old `menu.*`
 * titles, which no text set translates any more. A menu whose titles are all known is left as it
 * is, however it differs from the default.
 */
export function upgradeStoredMenus(members: { menu: MenuItem[] }[]): number {
  let upgraded = 0;
  for (const member of members) {
    if (!needsMenuUpgrade(member.menu)) continue;
    member.menu = defaultMemberMenu();
    upgraded += 1;
  }
  return upgraded;
}

const KNOWN_TITLES = new Set(registry.menuEntries.map((entry) => entry.title));

function needsMenuUpgrade(menu: readonly MenuItem[]): boolean {
  return menu.some((item) => !KNOWN_TITLES.has(item.title));
}
