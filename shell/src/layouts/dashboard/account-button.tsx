import type { ComponentProps } from 'react';
import { Button, Text, VisuallyHidden, avatarColorPalette } from '@loyalty/shared/ui';
import { Avatar } from '@loyalty/shared/ui-data-display';
import { useTranslation } from '@loyalty/shared/i18n';
import { useSession } from '@loyalty/shared/session';

/**
 * The top bar's button with the member's initials and name, which opens the account menu. Until
 * the menu is first opened it stands alone (account-menu.tsx); from then on it is the menu's
 * trigger, which gives it the menu's own attributes and handlers.
 */
export function AccountButton(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation('shell');
  const fullName = useSession((state) => state.user?.FullName ?? '');
  return (
    <Button variant="ghost" colorPalette="gray" paddingInline="1" gap="2" aria-haspopup="menu" {...props}>
      {/* The button's name is its text, not an aria-label, so what it shows is part of its name
          (WCAG 2.5.3, label in name): the initials, alone on a small screen, and the name beside
          them are pictures of the name the hidden text already says. */}
      <Avatar.Root size="sm" colorPalette={avatarColorPalette(fullName)} aria-hidden="true">
        <Avatar.Fallback name={fullName} />
      </Avatar.Root>
      <VisuallyHidden>{t('account.menu', { name: fullName })}</VisuallyHidden>
      <Text
        as="span"
        aria-hidden="true"
        fontWeight="medium"
        data-testid="top-bar-full-name"
        hideBelow="sm"
        maxWidth="40"
        truncate
      >
        {fullName}
      </Text>
    </Button>
  );
}
