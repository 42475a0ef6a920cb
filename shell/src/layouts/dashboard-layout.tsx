import { Box, Flex, HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@loyalty/shared/routes';
import { SideNav } from '../navigation/side-nav';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

/** SPEC §2 dimensions. */
const SIDEBAR_WIDTH = '280px';

export function DashboardLayout() {
  const { t } = useTranslation('shell');
  return (
    <Flex minHeight="100dvh">
      <Box
        as="aside"
        width={SIDEBAR_WIDTH}
        flexShrink={0}
        borderInlineEndWidth="1px"
        padding="4"
        hideBelow="lg"
        position="sticky"
        top="0"
        height="100dvh"
        overflowY="auto"
      >
        <Link
          asChild
          aria-label={t('nav.home')}
          marginBottom="6"
          display="inline-flex"
          _hover={{ textDecoration: 'none' }}
        >
          <RouterLink to={paths.dashboard.root}>
            <Logo />
          </RouterLink>
        </Link>
        <SideNav />
      </Box>
      <Flex direction="column" flex="1" minWidth="0">
        <Flex
          as="header"
          height={{ base: '64px', lg: '80px' }}
          align="center"
          justify="flex-end"
          gap="3"
          paddingInline={{ base: '4', lg: '8' }}
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          bg="bg"
          zIndex="sticky"
        >
          <HStack gap="3">
            <LanguageSwitcher />
            <UserMenu />
          </HStack>
        </Flex>
        <Box as="main" flex="1" padding={{ base: '4', lg: '8' }}>
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
