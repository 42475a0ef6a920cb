import { Box, Flex } from '@loyalty/shared/ui';
import { Outlet, paths } from '@loyalty/shared/router';
import { LanguageSwitcher } from './language-switcher';
import { HomeLink } from './home-link';
import { SignedOutNotice } from '../session/signed-out-notice';
import { GuestScene } from './guest-scene/guest-scene';

/** Where the sign-in card starts under the header: first-paint.css's `.fp-auth-main` keeps to it. */
const AUTH_CARD_TOP = { base: '2', md: '12vh' } as const;

/**
 * docs/product/frame.md: full-screen gradient, logo linking home, language switcher top right, and
 * from 1024 px the programme's picture beside the form (GuestScene). The gradient starts
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
      {/* The card hangs from a fixed point rather than sitting in the middle: a message appearing
          in it (an error, the password checklist) grows it downwards, and the form the member is
          filling in stays where it is. From 1024 px the form's column and the programme's picture
          share the width, the form first (on the right in Arabic). first-paint.css draws the same
          places before the scripts. */}
      <Flex
        as="main"
        flex="1"
        gap="8"
        paddingInline={{ base: '4', lg: '8' }}
        paddingTop={AUTH_CARD_TOP}
        paddingBottom="10"
      >
        <Flex flex="1" minWidth="0" justify="center">
          <Box width="full" maxWidth="md">
            <SignedOutNotice />
            <Outlet />
          </Box>
        </Flex>
        <GuestScene />
      </Flex>
    </Flex>
  );
}
