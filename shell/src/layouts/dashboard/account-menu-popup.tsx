import { useRef } from 'react';
import { Box, Text } from '@loyalty/shared/ui';
import { Menu } from '@loyalty/shared/ui-menu';
import { Link as RouterLink, useNavigate, paths } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { sessionStore, useSession } from '@loyalty/shared/session';
import { menuTitleKey } from '../../navigation/menu-title-key';
import { AccountButton } from './account-button';

/** docs/product/frame.md profile dropdown (200 wide): the member's name, change password, edit profile, logout. */
const PROFILE_MENU_WIDTH = '200px';

/** Which item an arrow key that opened the menu lands on, as it does on a menu's own trigger. */
export type FirstHighlight = 'first' | 'last' | null;

const ITEM_VALUES = { first: 'edit-profile', last: 'logout' } as const;

/** How long after the closing menu lets go of the focus it keeps a lost focus on its button. */
const FOCUS_WATCH_MS = 1000;
/** The most the watch waits for a closing menu to let go of the focus. */
const FOCUS_RELEASE_LIMIT_MS = 10_000;

/**
 * The account menu, mounted open: it replaces the stand-alone button the first time a member
 * opens it (account-menu.tsx), then stays, opening and closing as any menu does.
 */
export function AccountMenuPopup({ highlight }: { highlight: FirstHighlight }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const fullName = useSession((state) => state.user?.FullName ?? '');
  const email = useSession((state) => state.user?.Email ?? '');

  // Signing out always ends the session on this device, the server told or not yet (decision 078).
  const logout = async () => {
    await sessionStore.getState().logout();
    navigate(paths.root, { replace: true });
  };

  // The menu gives the focus back to its trigger as it closes. Mounted open in the stand-alone
  // button's place, it has now and then left it on the page's body instead (Escape, in the keyboard
  // journey), at once or as its exit ended: for a moment after closing, a focus found on the body
  // goes to the button, until the member takes it elsewhere. The moment is counted from when the
  // menu lets go of the focus: on a busy phone its exit can outlast it, and a focus still in the
  // closing menu is the menu's, not one the member moved.
  const trigger = useRef<HTMLButtonElement>(null);
  const positioner = useRef<HTMLDivElement>(null);
  const keepFocusOnClose = ({ open }: { open: boolean }) => {
    if (open) return;
    const started = performance.now();
    let until = started + FOCUS_WATCH_MS;
    const watch = () => {
      const active = document.activeElement;
      const inClosingMenu = active !== null && positioner.current?.contains(active) === true;
      if (active === null || active === document.body || active === document.documentElement) {
        trigger.current?.focus({ preventScroll: true });
      } else if (inClosingMenu) until = Math.min(performance.now(), started + FOCUS_RELEASE_LIMIT_MS) + FOCUS_WATCH_MS;
      else if (active !== trigger.current) return;
      if (performance.now() < until) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  };

  return (
    <Menu.Root
      defaultOpen
      onOpenChange={keepFocusOnClose}
      defaultHighlightedValue={highlight ? ITEM_VALUES[highlight] : null}
      positioning={{ placement: 'bottom-end' }}
    >
      <Menu.Trigger asChild>
        <AccountButton ref={trigger} />
      </Menu.Trigger>
      {/* In the header, not in a portal at the end of the page: the menu belongs to the banner
          landmark, where a screen reader's landmarks lead (axe's "region" rule). */}
      <Menu.Positioner ref={positioner}>
        <Menu.Content width={PROFILE_MENU_WIDTH}>
          <Box paddingInline="2" paddingBlock="1.5">
            <Text fontWeight="semibold" truncate>
              {fullName}
            </Text>
            <Text fontSize="xs" color="fg.muted" truncate>
              {email}
            </Text>
          </Box>
          <Menu.Separator />
          <Menu.Item value={ITEM_VALUES.first} asChild>
            <RouterLink to={paths.dashboard.user.editProfile}>{t(menuTitleKey('editProfile'))}</RouterLink>
          </Menu.Item>
          <Menu.Item value="change-password" asChild>
            <RouterLink to={paths.dashboard.user.changePassword}>{t(menuTitleKey('changePassword'))}</RouterLink>
          </Menu.Item>
          <Menu.Separator />
          <Menu.Item value={ITEM_VALUES.last} color="fg.error" onSelect={() => void logout()}>
            {t('auth.logout')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
