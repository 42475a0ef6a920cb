import { useId, useRef, useState } from 'react';
import { Box, Button, Icon, Stack, Text } from '@loyalty/shared/ui';
import { useLocation } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import type { NavItem } from './menu-tree';
import { isItemActive } from './is-path-active';
import { NavIcon } from './nav-icon';
import { NavLinkItem } from './nav-link-item';

/** Where a panel beside an element starts on the screen: its top, and its inline start (right in RTL). */
type Beside = { top: number; inlineStart: number };

function besideOf(element: HTMLElement): Beside {
  const box = element.getBoundingClientRect();
  const rightToLeft = getComputedStyle(element).direction === 'rtl';
  return { top: box.top, inlineStart: rightToLeft ? window.innerWidth - box.left : box.right };
}

/** In the bar, a parent says it opens a panel below it, as a menu button does. */
function DownArrow({ open }: { open: boolean }) {
  return (
    <Icon asChild boxSize="4" transition="transform 0.15s" transform={open ? 'rotate(180deg)' : undefined}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
        <path d="M6 9l6 6 6-6z" />
      </svg>
    </Icon>
  );
}

interface NavFlyoutProps {
  item: NavItem;
  /** Mini sidebar: icon over a short title, the panel opens beside it. Horizontal bar: below it. */
  variant: 'mini' | 'horizontal';
}

/**
 * A parent item whose children open in a panel on hover (docs/product/frame.md, mini layout), and on click or
 * keyboard for those who do not point. It closes when the pointer leaves, on Escape, and when
 * the route changes.
 */
export function NavFlyout({ item, variant }: NavFlyoutProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // The mini sidebar scrolls when its items are taller than the screen, and a scrolling box clips
  // whatever sticks out of it: the panel is placed on the screen instead (fixed), beside its item
  // as measured when it opens.
  const [beside, setBeside] = useState<Beside | null>(null);
  // A pointer that clicks has hovered first: the hover opened the panel, so that click must keep
  // it open rather than toggle it shut. Only a click on a panel the click itself opened closes it.
  const [openedByClick, setOpenedByClick] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const active = isItemActive(item, pathname);

  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }

  const panelPosition: Record<string, string> =
    variant === 'mini'
      ? { position: 'fixed', top: `${beside?.top ?? 0}px`, insetInlineStart: `${beside?.inlineStart ?? 0}px` }
      : { position: 'absolute', top: '100%', insetInlineStart: '0' };
  const openBeside = (trigger: HTMLElement) => {
    if (variant === 'mini') setBeside(besideOf(trigger));
    setOpen(true);
  };

  return (
    <Box
      as="li"
      listStyleType="none"
      position="relative"
      ref={rootRef}
      onMouseEnter={(event) => openBeside(event.currentTarget)}
      onMouseLeave={() => {
        setOpen(false);
        setOpenedByClick(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        // Focus inside the panel would fall to the page's start as it hides: back to its button.
        triggerRef.current?.focus();
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Button
        ref={triggerRef}
        variant="ghost"
        height="auto"
        width={variant === 'mini' ? 'full' : 'auto'}
        flexDirection={variant === 'mini' ? 'column' : 'row'}
        gap="1"
        paddingBlock="2"
        paddingInline={variant === 'mini' ? undefined : '2'}
        fontSize={variant === 'mini' ? '2xs' : 'sm'}
        fontWeight={active ? 'semibold' : 'normal'}
        color={active ? 'colorPalette.fg' : 'fg.muted'}
        bg={active ? 'colorPalette.subtle' : undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={(event) => {
          const close = open && openedByClick;
          if (close) setOpen(false);
          else openBeside(event.currentTarget);
          setOpenedByClick(!close);
        }}
      >
        <Box as="span" display="contents" hideBelow={variant === 'horizontal' ? 'xl' : undefined}>
          <NavIcon name={item.icon} />
        </Box>
        <Text as="span" whiteSpace="normal">
          {t(item.title)}
        </Text>
        {variant === 'horizontal' && <DownArrow open={open} />}
      </Button>
      <Box
        id={panelId}
        hidden={!open}
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
            <NavLinkItem item={item} look={variant === 'mini' ? 'mini' : 'bar'} />
          </Box>
        ),
      )}
    </>
  );
}
