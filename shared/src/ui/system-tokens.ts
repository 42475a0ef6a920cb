import { defineConfig, type SystemConfig } from '@chakra-ui/react';
import { semanticTokens, tokens } from '@chakra-ui/react/theme';

const FONT_STACK = `'Public Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif`;

/**
 * Palettes nothing paints with. Each palette costs the system eleven colour tokens and eight
 * light/dark semantic tokens: in the static style sheet, and in the dictionary the build computes.
 * A palette used later has to leave this list.
 */
const UNUSED_PALETTES: readonly string[] = ['yellow', 'pink'];
const withoutUnusedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([palette]) => !UNUSED_PALETTES.includes(palette))) as T;

// Chakra's solid shade for these palettes is the 600, on which white text misses WCAG AA (4.5:1);
// the 700 passes, so buttons and badges of every preset stay readable. The text on it is white in
// both modes: Chakra's orange turns it black in dark mode, which on the 700 is 2.7:1.
const DEEPER_SOLID = ['teal', 'cyan', 'orange'].map((palette) => [
  palette,
  {
    solid: { value: `{colors.${palette}.700}` },
    contrast: { value: 'white' },
    fg: { value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.300}` } },
  },
]);

/**
 * The design tokens of the system (`system.ts`): Chakra's, without the unused palettes, and the
 * portal's own. This is the module as tests and the build's own scripts run it. In the apps'
 * bundles the build replaces it with the token dictionary it computed from these configs
 * (webpack/chakra/system-build.cjs, system-tokens-loader.cjs), so the tokens never reach the browser.
 */
export const systemTokens: SystemConfig[] = [
  defineConfig({
    theme: {
      tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
      semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) },
    },
  }),
  defineConfig({
    theme: {
      tokens: {
        fonts: { heading: { value: FONT_STACK }, body: { value: FONT_STACK } },
        // docs/product/limits.md: default border radius 8.
        radii: { l2: { value: '8px' } },
      },
      semanticTokens: { colors: Object.fromEntries(DEEPER_SOLID) },
    },
  }),
];
