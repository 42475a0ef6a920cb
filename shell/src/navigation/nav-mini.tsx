import { Separator, Stack } from '@loyalty/shared/ui';
import type { NavGroup } from './menu-tree';
import { NavFlyoutList } from './nav-flyout';

/** The 88 px sidebar: icons over short titles; submenus open beside it on hover. */
export function NavMini({ groups }: { groups: NavGroup[] }) {
  return (
    <Stack gap="2" separator={<Separator />}>
      {groups.map((group) => (
        <Stack key={group.subheader} as="ul" gap="1" padding="0" margin="0">
          <NavFlyoutList items={group.items} variant="mini" />
        </Stack>
      ))}
    </Stack>
  );
}
