import { Box, Link, Text } from '@loyalty/shared/ui';
import { NavLink } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import type { NavItem } from './menu-tree';
import { NavIcon } from './nav-icon';

/**
 * How a leaf is laid out: in a list (sidebar, drawer, flyout panel), in the mini sidebar (icon over
 * a short title), or in the horizontal bar, whose spacing is tighter so that the bar keeps to one
 * row from 1024 px in every language, as the painted frame draws it (its icons from 1280 px).
 */
export type NavLinkLook = 'list' | 'mini' | 'bar';

/** One leaf of the navigation: icon and title, marked `aria-current` on its own page. */
export function NavLinkItem({ item, look = 'list', depth = 0 }: { item: NavItem; look?: NavLinkLook; depth?: number }) {
  const { t } = useTranslation('shell');
  const compact = look === 'mini';
  const inBar = look === 'bar';
  return (
    <Link
      asChild
      display="flex"
      flexDirection={compact ? 'column' : 'row'}
      alignItems="center"
      gap={compact ? '1' : inBar ? '2' : '3'}
      paddingInlineStart={compact ? '1' : inBar ? '2' : `${12 + depth * 16}px`}
      paddingInlineEnd={compact ? '1' : inBar ? '2' : '3'}
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
        <Box as="span" flexShrink={0} hideBelow={inBar ? 'xl' : undefined}>
          <NavIcon name={item.icon} />
        </Box>
        <Text as="span" lineClamp={compact ? 2 : undefined}>
          {t(item.title)}
        </Text>
      </NavLink>
    </Link>
  );
}
