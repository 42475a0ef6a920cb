import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const FONT_STACK = `'Public Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif`;

/** SPEC §3 colour presets and the Chakra palette each one paints with. */
export const COLOR_PRESET_PALETTES = {
  default: 'teal',
  cyan: 'cyan',
  purple: 'purple',
  blue: 'blue',
  orange: 'orange',
  red: 'red',
} as const;

// Chakra's solid shade for these palettes is the 600, on which white text misses WCAG AA (4.5:1);
// the 700 passes, so buttons and badges of every preset stay readable.
const DEEPER_SOLID = ['teal', 'cyan', 'orange'].map((palette) => [
  palette,
  {
    solid: { value: `{colors.${palette}.700}` },
    fg: { value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.300}` } },
  },
]);

const presetCss = Object.fromEntries(
  Object.entries(COLOR_PRESET_PALETTES).map(([preset, palette]) => [
    `html[data-color-preset=${preset}] body`,
    { colorPalette: palette },
  ]),
);

const config = defineConfig({
  theme: {
    tokens: {
      fonts: { heading: { value: FONT_STACK }, body: { value: FONT_STACK } },
      // SPEC §9: default border radius 8.
      radii: { l2: { value: '8px' } },
    },
    semanticTokens: { colors: Object.fromEntries(DEEPER_SOLID) },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg', color: 'fg', colorPalette: 'teal' },
    ...presetCss,
    // Bold contrast: secondary text as strong as body text, borders as strong as emphasised ones.
    'html[data-contrast=bold]': {
      '--chakra-colors-fg-muted': 'var(--chakra-colors-fg)',
      '--chakra-colors-fg-subtle': 'var(--chakra-colors-fg)',
      '--chakra-colors-border': 'var(--chakra-colors-border-inverted)',
      '--chakra-colors-border-muted': 'var(--chakra-colors-border-emphasized)',
    },
  },
});

/** The Chakra system every app renders with. */
export const system = createSystem(defaultConfig, config);
