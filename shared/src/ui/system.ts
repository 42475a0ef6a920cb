import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
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
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textStyles,
  toastSlotRecipe,
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

const presetCss = Object.fromEntries(
  Object.entries(COLOR_PRESET_PALETTES).map(([preset, palette]) => [
    `html[data-color-preset=${preset}] body`,
    { colorPalette: palette },
  ]),
);

/**
 * Chakra's default theme less the recipes of components the portal does not use: `defaultConfig`
 * carries every recipe of the library (about 70), and the system ships in the first script every
 * page loads. A component whose recipe is missing here renders unstyled, so a new component from
 * `@loyalty/shared/ui` or `@loyalty/shared/ui-dashboard` brings its recipe with it (see
 * system.test.ts).
 */
const trimmedTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
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
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
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
