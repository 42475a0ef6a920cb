import { useId, useState } from 'react';
import { Box, Button, Icon, Stack, Text } from '@loyalty/shared/ui';
import { useLocation } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import type { NavGroup, NavItem } from './menu-tree';
import { isItemActive } from './is-path-active';
import { NavIcon } from './nav-icon';
import { NavLinkItem } from './nav-link-item';

/**
 * The branch's state: closed, it points to the inline end (right, or left in Arabic); open, down.
 * Turned rather than mirrored in Arabic (the sidebar's button mirrors its arrow), so that it turns
 * a quarter when it opens instead of flattening on the way.
 */
function Chevron({ open }: { open: boolean }) {
  return (
    <Icon
      asChild
      boxSize="4"
      transition="transform 0.15s"
      transform={open ? 'rotate(90deg)' : undefined}
      _rtl={open ? undefined : { transform: 'rotate(180deg)' }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
        <path d="M9 6l6 6-6 6" />
      </svg>
    </Icon>
  );
}

/** A parent item: its children open and close on click, and close when the route leaves it. */
function NavBranch({ item, depth }: { item: NavItem; depth: number }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const active = isItemActive(item, pathname);
  const [open, setOpen] = useState(active);
  const [wasActive, setWasActive] = useState(active);
  const listId = useId();

  // Entering the branch opens it; leaving it closes it (docs/product/frame.md).
  if (wasActive !== active) {
    setWasActive(active);
    setOpen(active);
  }

  return (
    <Box as="li" listStyleType="none">
      <Button
        variant="ghost"
        width="full"
        justifyContent="flex-start"
        gap="3"
        paddingInlineStart={`${12 + depth * 16}px`}
        fontWeight={active ? 'semibold' : 'normal'}
        color={active ? 'fg' : 'fg.muted'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
      >
        <NavIcon name={item.icon} />
        <Text as="span" flex="1" textAlign="start">
          {t(item.title)}
        </Text>
        <Chevron open={open} />
      </Button>
      <Stack as="ul" id={listId} gap="1" marginTop="1" padding="0" hidden={!open}>
        {item.children.map((child) => (
          <NavEntry key={child.id} item={child} depth={depth + 1} />
        ))}
      </Stack>
    </Box>
  );
}

function NavEntry({ item, depth }: { item: NavItem; depth: number }) {
  if (item.children.length > 0) return <NavBranch item={item} depth={depth} />;
  return (
    <Box as="li" listStyleType="none">
      <NavLinkItem item={item} depth={depth} />
    </Box>
  );
}

/** The full-width navigation of the vertical layout and of the mobile drawer. */
export function NavVertical({ groups }: { groups: NavGroup[] }) {
  const { t } = useTranslation('shell');
  return (
    <>
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
    </>
  );
}
