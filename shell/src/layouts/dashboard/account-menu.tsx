import { Box, Button, Portal, Text } from '@loyalty/shared/ui';
import { Avatar, Menu } from '@loyalty/shared/ui-dashboard';
import { Link as RouterLink, useNavigate } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { sessionStore, useSession } from '@loyalty/shared/session';
import { avatarColorPalette, notify } from '@loyalty/shared/ui';
import { paths } from '@loyalty/shared/routes';

/** SPEC §2 profile dropdown (200 wide): the member's name, change password, edit profile, logout. */
export const PROFILE_MENU_WIDTH = '200px';

export function AccountMenu() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const fullName = useSession((state) => state.user?.FullName ?? '');
  const email = useSession((state) => state.user?.Email ?? '');

  const logout = async () => {
    try {
      await sessionStore.getState().logout();
      navigate(paths.root, { replace: true });
    } catch (error) {
      console.error('Logout failed', error);
      notify(t('auth.logout_error'), 'error');
    }
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          colorPalette="gray"
          paddingInline="1"
          gap="2"
          aria-label={t('account.menu', { name: fullName })}
        >
          {/* The initials repeat the name beside them: left out of the button's name, so the visible
              text stays part of it (WCAG 2.5.3, label in name). */}
          <Avatar.Root size="sm" colorPalette={avatarColorPalette(fullName)} aria-hidden="true">
            <Avatar.Fallback name={fullName} />
          </Avatar.Root>
          <Text as="span" fontWeight="medium" data-testid="top-bar-full-name" hideBelow="sm" maxWidth="40" truncate>
            {fullName}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
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
            <Menu.Item value="edit-profile" asChild>
              <RouterLink to={paths.dashboard.user.editProfile}>{t('menu.edit_profile')}</RouterLink>
            </Menu.Item>
            <Menu.Item value="change-password" asChild>
              <RouterLink to={paths.dashboard.user.changePassword}>{t('menu.change_password')}</RouterLink>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error" onSelect={() => void logout()}>
              {t('auth.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
