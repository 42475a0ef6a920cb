import { Box, Link, Text } from '@loyalty/shared/ui';
import { NavLink } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import type { NavItem } from './menu-tree';
import { NavIcon } from './nav-icon';

/** One leaf of the navigation: icon and title, marked `aria-current` on its own page. */
export function NavLinkItem({
  item,
  compact = false,
  depth = 0,
}: {
  item: NavItem;
  compact?: boolean;
  depth?: number;
}) {
  const { t } = useTranslation('shell');
  return (
    <Link
      asChild
      display="flex"
      flexDirection={compact ? 'column' : 'row'}
      alignItems="center"
      gap={compact ? '1' : '3'}
      paddingInlineStart={compact ? '1' : `${12 + depth * 16}px`}
      paddingInlineEnd={compact ? '1' : '3'}
      paddingBlock="2"
      borderRadius="l2"
      color="fg.muted"
      fontSize={compact ? '2xs' : 'sm'}
      textAlign="center"
      _hover={{ bg: 'bg.muted', textDecoration: 'none', color: 'fg' }}
      css={{
        '&[aria-current=page]': { bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' },
      }}
    >
      <NavLink to={item.path} end>
        <Box as="span" flexShrink={0}>
          <NavIcon name={item.icon} />
        </Box>
        <Text as="span" lineClamp={compact ? 2 : undefined}>
          {t(item.title)}
        </Text>
      </NavLink>
    </Link>
  );
}
