import { Avatar, Button, HStack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { sessionStore, useSession } from '@loyalty/shared/session';
import { avatarColorPalette, notify } from '@loyalty/shared/ui';
import { paths } from '@loyalty/shared/routes';

/** The member's name and avatar, and the way out. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const fullName = useSession((state) => state.user?.FullName ?? '');

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
    <HStack gap="3">
      <Avatar.Root size="sm" colorPalette={avatarColorPalette(fullName)}>
        <Avatar.Fallback name={fullName} />
      </Avatar.Root>
      <Text fontWeight="medium" data-testid="top-bar-full-name" hideBelow="sm">
        {fullName}
      </Text>
      <Button size="sm" variant="outline" onClick={() => void logout()}>
        {t('auth.logout')}
      </Button>
    </HStack>
  );
}
