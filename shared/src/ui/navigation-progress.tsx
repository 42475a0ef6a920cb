import { Box } from '@chakra-ui/react';
import { keyframes } from '@emotion/react';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';

/** docs/product/frame.md: 3 px high, no spinner. */
export const NAVIGATION_PROGRESS_HEIGHT = '3px';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * The thin bar at the top of the page while a page is on its way (a remote's code, a permission
 * check). Mount it where the page will appear; it disappears with the page's arrival.
 */
export function NavigationProgress() {
  const { t } = useTranslation('common');
  return (
    <Box
      role="progressbar"
      aria-label={accessibleText(t('status.loading'))}
      aria-busy="true"
      position="fixed"
      insetInline="0"
      top="0"
      height={NAVIGATION_PROGRESS_HEIGHT}
      zIndex="toast"
      overflow="hidden"
      bg="colorPalette.subtle"
    >
      <Box
        height="full"
        width="40%"
        bg="colorPalette.solid"
        css={{
          animation: `${slide} 1.1s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  );
}
