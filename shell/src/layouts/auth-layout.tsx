import { Box, Flex, Link } from '@loyalty/shared/ui';
import { Link as RouterLink, Outlet } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { paths } from '@loyalty/shared/routes';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';

/** SPEC §2: full-screen gradient, logo linking home, language switcher top right. */
export function AuthLayout() {
  const { t } = useTranslation('shell');
  return (
    <Flex
      direction="column"
      minHeight="100dvh"
      bgGradient="to-br"
      gradientFrom={{ base: 'teal.50', _dark: 'gray.900' }}
      gradientTo={{ base: 'blue.100', _dark: 'teal.950' }}
    >
      <Flex as="header" justify="space-between" align="center" paddingInline={{ base: '4', md: '8' }} paddingBlock="4">
        <Link asChild aria-label={t('nav.home')} _hover={{ textDecoration: 'none' }}>
          <RouterLink to={paths.root}>
            <Logo />
          </RouterLink>
        </Link>
        <LanguageSwitcher />
      </Flex>
      <Flex as="main" flex="1" align="center" justify="center" paddingInline="4" paddingBottom="10">
        <Box width="full" maxWidth="md">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
