import { lazy, Suspense, useCallback, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@loyalty/shared/api/query-client';
import { Box, Flex, useBreakpointValue } from '@loyalty/shared/ui';
import { Outlet, paths } from '@loyalty/shared/router';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { settingsStore, useSettings } from '@loyalty/shared/settings';
import { useMenuGroups } from '../../navigation/use-menu-groups';
import { NavHorizontal } from '../../navigation/nav-horizontal';
import { HomeLink } from '../home-link';
import { DashboardHeader } from './dashboard-header';
import { CONTENT_MAX_WIDTH, STRETCH_MIN_VIEWPORT_PX } from './dimensions';
import { Sidebar } from './sidebar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useOpenedOnce } from './use-opened-once';
import { OfflineNotice } from '../../offline/offline-notice';
import registry from '../../../../scripts/lib/remotes.cjs';
import { registerMenuTexts } from '../../navigation/menu-texts';

// The routes' permission check travels with the layout (app-routes.tsx): one chunk, one request.
export { PermissionGate } from '../../routing/permission-gate';

// The drawers (and the dialogs' Chakra module, `@loyalty/shared/ui-dialogs`) load when a member
// first opens one: no page pays for them up front.
const SettingsDrawer = lazy(() =>
  import('../../settings/settings-drawer').then((module) => ({ default: module.SettingsDrawer })),
);
const MobileNavigation = lazy(() =>
  import('./mobile-navigation').then((module) => ({ default: module.MobileNavigation })),
);

// The menu's titles come with the member's frame (menu-texts.ts).
registerMenuTexts();

/**
 * The signed-in frame, and the provider of the one query cache to everything inside it: the top
 * bar's balance, the permission gate and the remotes' pages. Only signed-in pages read server data
 * through queries, so sign-in never loads the query library before it is usable.
 */
export function DashboardLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <DashboardFrame />
    </QueryClientProvider>
  );
}

/**
 * The frame itself. On large screens the layout setting decides: a 280 px sidebar (vertical),
 * an 88 px one (mini) or a bar under the header (horizontal); on small screens the navigation
 * lives in a drawer.
 */
function DashboardFrame() {
  // The menu's titles too: the frame waits for them rather than drawing their keys.
  const { t } = useTranslation(['shell', registry.MENU_NAMESPACE]);
  const groups = useMenuGroups();
  const layout = useSettings((state) => state.themeLayout);
  const stretch = useSettings((state) => state.themeStretch);
  const isLargeScreen = useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? false;
  const [navigationOpen, setNavigationOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const closeOrOpenNavigation = useCallback((open: boolean) => setNavigationOpen(open), []);
  const navigationLoaded = useOpenedOnce(navigationOpen);
  const settingsLoaded = useOpenedOnce(settingsOpen);

  const toggleMini = () => settingsStore.getState().update({ themeLayout: layout === 'mini' ? 'vertical' : 'mini' });

  const horizontal = isLargeScreen && layout === 'horizontal';
  const homeLink = <HomeLink to={paths.dashboard.root} logo="compactBelowSm" />;

  return (
    <Flex minHeight="100dvh" data-layout={isLargeScreen ? layout : 'mobile'}>
      <SkipLink />
      {isLargeScreen && !horizontal ? (
        <Sidebar groups={groups} mini={layout === 'mini'} onToggleMini={toggleMini} />
      ) : null}
      <Flex direction="column" flex="1" minWidth="0">
        <DashboardHeader
          onOpenNavigation={isLargeScreen ? undefined : () => setNavigationOpen(true)}
          onToggleSettings={() => setSettingsOpen((open) => !open)}
          settingsOpen={settingsOpen}
          start={horizontal || !isLargeScreen ? homeLink : undefined}
        />
        {horizontal ? (
          <Box
            as="nav"
            aria-label={accessibleText(t('nav.label'))}
            borderBottomWidth="1px"
            paddingInline="6"
            paddingBlock="2"
            bg="bg"
          >
            <NavHorizontal groups={groups} />
          </Box>
        ) : null}
        <Box
          as="main"
          id={MAIN_CONTENT_ID}
          // Focusable only while the skip link has sent the focus here (skip-link.tsx); the
          // region itself needs no ring.
          _focus={{ outline: 'none' }}
          flex="1"
          width="full"
          marginInline="auto"
          // Below 1600 px the content fills the width anyway; above it, it keeps a readable
          // measure unless the member chose to stretch it (docs/product/limits.md).
          css={
            stretch
              ? undefined
              : { [`@media (min-width: ${STRETCH_MIN_VIEWPORT_PX}px)`]: { maxWidth: CONTENT_MAX_WIDTH } }
          }
          padding={{ base: '4', lg: '8' }}
        >
          <OfflineNotice />
          <Outlet />
        </Box>
      </Flex>
      <Suspense fallback={null}>
        {isLargeScreen || !navigationLoaded ? null : (
          <MobileNavigation groups={groups} open={navigationOpen} onOpenChange={closeOrOpenNavigation} />
        )}
        {settingsLoaded ? <SettingsDrawer open={settingsOpen} onOpenChange={setSettingsOpen} /> : null}
      </Suspense>
    </Flex>
  );
}
