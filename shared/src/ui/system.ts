import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const FONT_STACK = `'Public Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif`;

const config = defineConfig({
  theme: {
    tokens: {
      fonts: { heading: { value: FONT_STACK }, body: { value: FONT_STACK } },
      // SPEC §9: default border radius 8.
      radii: { l2: { value: '8px' } },
    },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg', color: 'fg' },
  },
});

/** The Chakra system every app renders with. */
export const system = createSystem(defaultConfig, config);
