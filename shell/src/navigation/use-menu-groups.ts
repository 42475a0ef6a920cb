import { useMemo } from 'react';
import { useSession } from '@loyalty/shared/session';
import { buildMenuTree, type NavGroup } from './menu-tree';

const NO_MENU: never[] = [];

/** The signed-in member's navigation, built from the menu the server sent with the profile. */
export function useMenuGroups(): NavGroup[] {
  const menu = useSession((state) => state.user?.menu ?? NO_MENU);
  return useMemo(() => buildMenuTree(menu), [menu]);
}
