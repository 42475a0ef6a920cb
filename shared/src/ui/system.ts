import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type RecipeDefinition,
  type SlotRecipeConfig,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

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

/**
 * Palettes nothing paints with. Each palette costs the system eleven colour tokens and eight
 * light/dark semantic tokens to build, and building the system is the longest piece of work before
 * the first render on a phone: yellow and pink leaving cut it by a fifth. A palette used later has
 * to leave this list.
 */
const UNUSED_PALETTES: readonly string[] = ['yellow', 'pink'];
const withoutUnusedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([palette]) => !UNUSED_PALETTES.includes(palette))) as T;

const presetCss = Object.fromEntries(
  Object.entries(COLOR_PRESET_PALETTES).map(([preset, palette]) => [
    `html[data-color-preset=${preset}] body`,
    { colorPalette: palette },
  ]),
);

/**
 * Chakra's default theme with only the recipes of the components in `@loyalty/shared/ui`:
 * `defaultConfig` carries every recipe of the library (about 70, some 60 KB gzip), and the system
 * ships in the first script every page loads. `@loyalty/shared/ui-dashboard`, `ui-overlays` and
 * `ui-menu` add their components' recipes when they load (`registerRecipes`). A component whose recipe is missing renders unstyled,
 * so a new component brings its recipe with it.
 */
const trimmedTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
    },
  },
});

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
export const system = createSystem(defaultBaseConfig, trimmedTheme, config);

/**
 * Adds recipes to the system after it was created, for components loaded later
 * (`@loyalty/shared/ui-dashboard`, `ui-overlays`, `ui-menu`). Chakra reads recipes from the system's theme each time a
 * component first asks for one, so a recipe added before its component renders is used like one
 * given at creation.
 */
export function registerRecipes({
  recipes = {},
  slotRecipes = {},
}: {
  recipes?: Record<string, RecipeDefinition>;
  slotRecipes?: Record<string, SlotRecipeConfig>;
}): void {
  const theme = system._config.theme ?? {};
  theme.recipes = Object.assign(theme.recipes ?? {}, recipes);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, slotRecipes);
}
