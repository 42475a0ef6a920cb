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
  separatorRecipe,
  spinnerRecipe,
  textStyles,
} from '@chakra-ui/react/theme';
import { systemTokens } from './system-tokens';
import { CONTRAST_CONDITIONS, withControlEdges } from './contrast-tokens';
import { COLOR_PRESET_PALETTES } from './color-presets';

const presetCss = Object.fromEntries(
  Object.entries(COLOR_PRESET_PALETTES).map(([preset, palette]) => [
    `html[data-color-preset=${preset}] body`,
    { colorPalette: palette },
  ]),
);

/**
 * Chakra's default theme with only the recipes of the components in `@loyalty/shared/ui`:
 * `defaultConfig` carries every recipe of the library (docs/performance.md, "Behind the code"), and
 * the system ships in the first script every page loads. `@loyalty/shared/ui-data-display`,
 * `ui-dialogs` and `ui-menu` add their components' recipes when they load (`registerRecipes`). A
 * component whose recipe is missing renders unstyled, so a new component brings its recipe with it.
 */
const trimmedTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: withControlEdges('recipes', {
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
    }),
    slotRecipes: withControlEdges('slotRecipes', {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
    }),
  },
});

/** Phones and tablets: a finger, not a pointer (and any narrow screen, which is almost always one). */
export const TOUCH_SCREENS = '@media (pointer: coarse), (max-width: 767.98px)';

/**
 * Every control at least 44 × 44 px on a touch screen (docs/product/accessibility.md, "Touch"):
 * Chakra's sizes are 32–40 px. A floor rather than a size, so larger controls keep theirs; marked
 * important because the recipes' own minimum widths sit in a later cascade layer, and a floor must
 * hold whatever a component asks. Links inside a sentence keep the line's height (WCAG 2.5.5 leaves
 * them out), and the radios, switches and checkboxes are sized by the label around them.
 */
const TOUCH_TARGETS = {
  ':where(button, select, textarea, input:not([type=checkbox], [type=radio], [type=hidden]), [role=button], [role=menuitem], [role=option], [role=tab], a[href]:not(p a))':
    { minHeight: '44px !important', minWidth: '44px !important' },
  ':where([data-scope=radio-group][data-part=item], [data-scope=switch][data-part=root], [data-scope=checkbox][data-part=root])':
    { minHeight: '44px !important' },
};

const config = defineConfig({
  // Bold contrast is a condition of the colour tokens themselves (contrast-tokens.ts), so it is
  // in the same cascade layer as the colours it raises.
  conditions: CONTRAST_CONDITIONS,
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg', color: 'fg', colorPalette: 'teal' },
    ...presetCss,
    [TOUCH_SCREENS]: TOUCH_TARGETS,
  },
});

/** The Chakra system every app renders with. */
export const system = createSystem(defaultBaseConfig, trimmedTheme, ...systemTokens, config);

/**
 * Adds recipes to the system after it was created, for components loaded later
 * (`@loyalty/shared/ui-data-display`, `ui-dialogs`, `ui-menu`). Chakra reads recipes from the system's theme each time a
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
  theme.recipes = Object.assign(theme.recipes ?? {}, withControlEdges('recipes', recipes));
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, withControlEdges('slotRecipes', slotRecipes));
}
