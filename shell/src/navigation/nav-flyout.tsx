import { useId, useRef, useState } from 'react';
import { Box, Button, Stack, Text } from '@loyalty/shared/ui';
import { useLocation } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import type { NavItem } from './menu-tree';
import { isItemActive } from './is-path-active';
import { NavIcon } from './nav-icon';
import { NavLinkItem } from './nav-link-item';

interface NavFlyoutProps {
  item: NavItem;
  /** Mini sidebar: icon over a short title, the panel opens beside it. Horizontal bar: below it. */
  variant: 'mini' | 'horizontal';
}

/**
 * A parent item whose children open in a panel on hover (SPEC §2, mini layout), and on click or
 * keyboard for those who do not point. It closes when the pointer leaves, on Escape, and when
 * the route changes.
 */
export function NavFlyout({ item, variant }: NavFlyoutProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // A pointer that clicks has hovered first: the hover opened the panel, so that click must keep
  // it open rather than toggle it shut. Only a click on a panel the click itself opened closes it.
  const [openedByClick, setOpenedByClick] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const active = isItemActive(item, pathname);

  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }

  const panelPosition: Record<string, string> =
    variant === 'mini' ? { top: '0', insetInlineStart: '100%' } : { top: '100%', insetInlineStart: '0' };

  return (
    <Box
      as="li"
      listStyleType="none"
      position="relative"
      ref={rootRef}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => {
        setOpen(false);
        setOpenedByClick(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Button
        variant="ghost"
        height="auto"
        width={variant === 'mini' ? 'full' : 'auto'}
        flexDirection={variant === 'mini' ? 'column' : 'row'}
        gap="1"
        paddingBlock="2"
        fontSize={variant === 'mini' ? '2xs' : 'sm'}
        fontWeight={active ? 'semibold' : 'normal'}
        color={active ? 'colorPalette.fg' : 'fg.muted'}
        bg={active ? 'colorPalette.subtle' : undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          const close = open && openedByClick;
          setOpen(!close);
          setOpenedByClick(!close);
        }}
      >
        <NavIcon name={item.icon} />
        <Text as="span" whiteSpace="normal">
          {t(item.title)}
        </Text>
      </Button>
      <Box
        id={panelId}
        hidden={!open}
        position="absolute"
        {...panelPosition}
        zIndex="dropdown"
        minWidth="200px"
        padding="2"
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="l2"
        boxShadow="md"
      >
        <Stack as="ul" gap="1" padding="0" margin="0">
          {item.children.map((child) => (
            <Box as="li" key={child.id} listStyleType="none">
              <NavLinkItem item={child} />
            </Box>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}

/** Items of the mini sidebar or the horizontal bar: parents as flyouts, leaves as links. */
export function NavFlyoutList({ items, variant }: { items: NavItem[]; variant: NavFlyoutProps['variant'] }) {
  return (
    <>
      {items.map((item) =>
        item.children.length > 0 ? (
          <NavFlyout key={item.id} item={item} variant={variant} />
        ) : (
          <Box as="li" key={item.id} listStyleType="none">
            <NavLinkItem item={item} compact={variant === 'mini'} />
          </Box>
        ),
      )}
    </>
  );
}
