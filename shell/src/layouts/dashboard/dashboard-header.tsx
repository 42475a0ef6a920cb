import { Box, Flex, HStack, IconButton } from '@loyalty/shared/ui';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { SETTINGS_DRAWER_ID } from '../../settings/settings-drawer-id';
import { LanguageSwitcher } from '../language-switcher';
import { AccountMenu } from './account-menu';
import { HEADER_HEIGHT } from './dimensions';
import { MenuIcon, SettingsIcon } from './icons';
import { PointsBalance } from './points-balance';

interface DashboardHeaderProps {
  /** Shown on small screens: opens the navigation drawer. */
  onOpenNavigation?: () => void;
  onToggleSettings: () => void;
  settingsOpen: boolean;
  /** Content at the start of the bar (the logo, in the horizontal layout). */
  start?: React.ReactNode;
}

export function DashboardHeader({ onOpenNavigation, onToggleSettings, settingsOpen, start }: DashboardHeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <Flex
      as="header"
      height={HEADER_HEIGHT}
      align="center"
      gap="2"
      paddingInline={{ base: '3', lg: '6' }}
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      bg="bg"
      zIndex="sticky"
    >
      {onOpenNavigation ? (
        <IconButton
          variant="ghost"
          colorPalette="gray"
          aria-label={accessibleText(t('nav.open'))}
          onClick={onOpenNavigation}
        >
          <MenuIcon />
        </IconButton>
      ) : null}
      {start}
      <Box flex="1" />
      <HStack gap={{ base: '1', sm: '2' }}>
        <PointsBalance />
        <LanguageSwitcher />
        <IconButton
          variant="ghost"
          colorPalette="gray"
          aria-label={accessibleText(t('settings.open'))}
          aria-expanded={settingsOpen}
          aria-controls={SETTINGS_DRAWER_ID}
          onClick={onToggleSettings}
        >
          <SettingsIcon />
        </IconButton>
        <AccountMenu />
      </HStack>
    </Flex>
  );
}
