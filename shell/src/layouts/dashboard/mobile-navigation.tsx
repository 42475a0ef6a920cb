import { useEffect, useRef } from 'react';
import { CloseButton, Portal } from '@loyalty/shared/ui';
import { Drawer } from '@loyalty/shared/ui-dialogs';
import { useLocation } from '@loyalty/shared/router';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import type { NavGroup } from '../../navigation/menu-tree';
import { NavVertical } from '../../navigation/nav-vertical';
import { Logo } from '../logo';
import { SIDEBAR_WIDTH } from './dimensions';

interface MobileNavigationProps {
  groups: NavGroup[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Small screens: the navigation in a drawer from the start side, closed again on route change. */
export function MobileNavigation({ groups, open, onOpenChange }: MobileNavigationProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();

  // Close when the route changes — not when mounting: the drawer loads on its first opening and
  // mounts open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    onOpenChange(false);
  }, [pathname, onOpenChange]);

  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxWidth={SIDEBAR_WIDTH}>
            <Drawer.Header>
              <Drawer.Title>
                <Logo />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body paddingInline="3">
              <nav aria-label={accessibleText(t('nav.label'))}>
                <NavVertical groups={groups} />
              </nav>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={accessibleText(t('nav.close'))} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
