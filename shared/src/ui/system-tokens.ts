import { defineConfig, type SystemConfig } from '@chakra-ui/react';
import { semanticTokens, tokens } from '@chakra-ui/react/theme';
import { contrastTokens } from './contrast-tokens';

const FONT_STACK = `'Public Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif`;

/**
 * Palettes nothing paints with. Each palette costs the system eleven colour tokens and eight
 * light/dark semantic tokens: in the static style sheet, and in the dictionary the build computes.
 * A palette used later has to leave this list.
 */
const UNUSED_PALETTES: readonly string[] = ['yellow', 'pink'];
const withoutUnusedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([palette]) => !UNUSED_PALETTES.includes(palette))) as T;

/**
 * The design tokens of the system (`system.ts`): Chakra's, without the unused palettes, and the
 * portal's own (the typeface, the radius, and the colours of `contrast-tokens.ts`). This is the module as tests and the build's own scripts run it. In the apps'
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
    },
  }),
  contrastTokens,
];
