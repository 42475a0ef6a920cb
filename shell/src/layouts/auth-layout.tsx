import { Box, Flex } from '@loyalty/shared/ui';
import { Outlet, paths } from '@loyalty/shared/router';
import { LanguageSwitcher } from './language-switcher';
import { HomeLink } from './home-link';

/**
 * docs/product/frame.md: full-screen gradient, logo linking home, language switcher top right. The gradient starts
 * (light) or ends (dark) in the member's colour preset, as the logo and the actions do; with the
 * default preset that is teal. first-paint.css paints the same gradient before the scripts run.
 */
export function AuthLayout() {
  return (
    <Flex
      direction="column"
      minHeight="100dvh"
      bgGradient="to-br"
      gradientFrom={{ base: 'colorPalette.50', _dark: 'gray.900' }}
      gradientTo={{ base: 'blue.100', _dark: 'colorPalette.950' }}
    >
      <Flex as="header" justify="space-between" align="center" paddingInline={{ base: '4', md: '8' }} paddingBlock="4">
        <HomeLink to={paths.root} />
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
