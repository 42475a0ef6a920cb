import { HStack } from '@loyalty/shared/ui';
import type { NavGroup } from './menu-tree';
import { NavFlyoutList } from './nav-flyout';

/** One row of navigation under the header; submenus drop down on hover. */
export function NavHorizontal({ groups }: { groups: NavGroup[] }) {
  return (
    <HStack as="ul" gap="1" padding="0" margin="0" flexWrap="wrap">
      {groups.map((group) => (
        <NavFlyoutList key={group.subheader} items={group.items} variant="horizontal" />
      ))}
    </HStack>
  );
}
