import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '@loyalty/shared/session';
import { buildMenuTree, type NavItem } from './menu-tree';
import { NavIcon } from './nav-icon';

function NavEntry({ item, depth }: { item: NavItem; depth: number }) {
  const { t } = useTranslation('shell');
  return (
    <Box as="li" listStyleType="none">
      <Link
        asChild
        display="flex"
        alignItems="center"
        gap="3"
        paddingInlineStart={`${12 + depth * 16}px`}
        paddingInlineEnd="3"
        paddingBlock="2"
        borderRadius="l2"
        color="fg.muted"
        _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
        css={{
          '&[aria-current=page]': { bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' },
        }}
      >
        <NavLink to={item.path} end>
          <NavIcon name={item.icon} />
          {t(item.title)}
        </NavLink>
      </Link>
      {item.children.length > 0 ? (
        <Stack as="ul" gap="1" marginTop="1" padding="0">
          {item.children.map((child) => (
            <NavEntry key={child.id} item={child} depth={depth + 1} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

/** Navigation built from the server's per-user menu. */
export function SideNav() {
  const { t } = useTranslation('shell');
  const menu = useSession((state) => state.user?.menu ?? []);
  const groups = buildMenuTree(menu);
  return (
    <Box as="nav" aria-label={t('nav.label')}>
      {groups.map((group) => (
        <Box key={group.subheader} marginBottom="4">
          <Text
            fontSize="xs"
            fontWeight="bold"
            textTransform="uppercase"
            color="fg.muted"
            paddingInline="3"
            marginBottom="1"
          >
            {t(group.subheader)}
          </Text>
          <Stack as="ul" gap="1" padding="0" margin="0">
            {group.items.map((item) => (
              <NavEntry key={item.id} item={item} depth={0} />
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
