import { defineConfig, mergeConfigs, type SystemConfig } from '@chakra-ui/react';

/**
 * The contrast settings (docs/product/frame.md, "Appearance settings") as conditions of the design
 * tokens. A semantic token names its colour in light and dark mode, and again for "Bold" contrast
 * in each mode; `theme-init.js` and `applySettingsToDocument` put `data-contrast` and the `dark`
 * class on `<html>`. The Bold selectors are more specific than Chakra's `:root` and `.dark` ones,
 * and sit in the same cascade layer (tokens), so they win without `!important`.
 */
export const CONTRAST_CONDITIONS = {
  boldLight: 'html[data-contrast=bold]:not(.dark) &',
  boldDark: 'html.dark[data-contrast=bold] &',
} as const;

/** A colour in light and dark mode, and, where Bold asks for more, in Bold light and Bold dark. */
type Shades = [light: string, dark: string, boldLight?: string, boldDark?: string];

const reference = (colour: string) => (colour.includes('.') ? `{colors.${colour}}` : colour);

function colourToken([light, dark, boldLight, boldDark]: Shades) {
  return {
    value: {
      _light: reference(light),
      _dark: reference(dark),
      ...(boldLight ? { _boldLight: reference(boldLight) } : {}),
      ...(boldDark ? { _boldDark: reference(boldDark) } : {}),
    },
  };
}

const tokensOf = (shades: Record<string, Shades>) =>
  Object.fromEntries(Object.entries(shades).map(([name, value]) => [name, colourToken(value)]));

/**
 * Text: WCAG AA (4.5:1) on every surface a page uses (`bg`, `bg.panel`, `bg.subtle`, `bg.muted`)
 * in both modes, and 7:1 with Bold contrast. Chakra's own `fg.error` (red.500, 3.8:1 on white) and
 * `fg.success` (green.600, 3.3:1) fail AA in light mode; every app reads these tokens, so one red
 * and one green mean one thing everywhere. `fg.subtle` colours icons and list markers (3:1).
 */
const TEXT: Record<string, Shades> = {
  muted: ['gray.600', 'gray.400', 'gray.800', 'gray.200'],
  subtle: ['gray.600', 'gray.400', 'gray.800', 'gray.200'],
  error: ['red.700', 'red.300'],
  success: ['green.700', 'green.300', 'green.800'],
  warning: ['orange.700', 'orange.300', 'orange.800', 'orange.200'],
  info: ['blue.700', 'blue.300', 'blue.800', 'blue.200'],
};

/**
 * Borders. `border.emphasized` is the edge of a control (inputs, selects, radios, checkboxes,
 * switches: the system's recipes draw them with it), 3:1 against the page as WCAG 1.4.11 asks.
 * Decorative lines keep Chakra's light greys by default; Bold raises every border to 3:1.
 */
const BORDERS: Record<string, Shades> = {
  DEFAULT: ['gray.200', 'gray.800', 'gray.500', 'gray.500'],
  muted: ['gray.100', 'gray.900', 'gray.500', 'gray.500'],
  subtle: ['gray.50', 'gray.950', 'gray.500', 'gray.500'],
  emphasized: ['gray.500', 'gray.500', 'gray.600', 'gray.400'],
  error: ['red.600', 'red.400', 'red.700', 'red.300'],
  warning: ['orange.600', 'orange.400', 'orange.700', 'orange.300'],
  success: ['green.600', 'green.400', 'green.700', 'green.300'],
  info: ['blue.600', 'blue.400', 'blue.700', 'blue.300'],
};

/** The palettes of the colour presets, and those the status messages and badges paint with. */
export const CONTRAST_PALETTES = ['teal', 'cyan', 'purple', 'blue', 'orange', 'red', 'green'] as const;

/**
 * A palette's text (`fg`: links, the current page in the navigation, badges), its actions (`solid`
 * with `contrast` text on it: buttons, the logo) and its focus ring (`focusRing`: every control's
 * outline when focused from the keyboard, 3:1 against the page; Chakra's 500 shade is about 2.5:1).
 * Chakra's solid shade is the 600, on which white text misses AA for teal, cyan, orange and green,
 * and Bold's 7:1 for every palette: the 700 passes both (green's 800 for Bold). The text on it is white in both modes
 * (Chakra's orange turns it black in dark mode, which on the 700 is 2.7:1).
 */
function paletteTokens(palette: string) {
  const deeperSolid = ['teal', 'cyan', 'orange', 'green'].includes(palette);
  const solid = deeperSolid ? `${palette}.700` : `${palette}.600`;
  // Green's 700 gives white 6.8:1, short of Bold's 7.
  const boldSolid = palette === 'green' ? 'green.800' : `${palette}.700`;
  return tokensOf({
    fg: [`${palette}.700`, `${palette}.300`, `${palette}.800`, `${palette}.200`],
    solid: [solid, solid, boldSolid, boldSolid],
    contrast: ['white', 'white'],
    focusRing: [`${palette}.700`, `${palette}.400`],
  });
}

/** The neutral palette of quiet actions (the top bar's icon buttons): its ring as strong as the others. */
const GRAY: Record<string, Shades> = {
  fg: ['gray.800', 'gray.200', 'gray.900', 'gray.100'],
  focusRing: ['gray.600', 'gray.400'],
};

/** The semantic colour tokens of the portal: status, focus, controls and both contrast settings. */
export const contrastTokens: SystemConfig = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        fg: tokensOf(TEXT),
        border: tokensOf(BORDERS),
        gray: tokensOf(GRAY),
        ...Object.fromEntries(CONTRAST_PALETTES.map((palette) => [palette, paletteTokens(palette)])),
      },
    },
  },
});

/**
 * The share of black a solid button takes under the pointer (and while its menu is open). Chakra
 * lightens it instead (its solid colour at 90 % over the page), which took white text on the blue
 * and red presets' buttons to 4.3:1, and most palettes' below Bold's 7:1; darkened, the text only
 * gains contrast, in both modes.
 */
export const SOLID_HOVER_BLACK = 0.15;
const SOLID_HOVER = `color-mix(in srgb, var(--chakra-colors-color-palette-solid) ${100 - SOLID_HOVER_BLACK * 100}%, black)`;

/**
 * The recipes that draw a control's edge in a light grey (`border`) are pointed at the control
 * token; the switch's track is a control's edge too, and white on Chakra's grey track was 1.3:1.
 * The solid button keeps its text's contrast under the pointer (SOLID_HOVER_BLACK).
 */
const CONTROL_EDGES = {
  recipes: {
    input: { variants: { variant: { outline: { borderColor: 'border.emphasized' } } } },
    button: { variants: { variant: { solid: { _hover: { bg: SOLID_HOVER }, _expanded: { bg: SOLID_HOVER } } } } },
  },
  slotRecipes: {
    nativeSelect: { variants: { variant: { outline: { field: { borderColor: 'border.emphasized' } } } } },
    switch: { variants: { variant: { solid: { control: { bg: 'border.emphasized' } } } } },
  },
} as const;

/**
 * Chakra's recipes, with the control edges above merged into those that have one: for the system's
 * first recipes and for those registered later (`registerRecipes`), so a control looks the same
 * whichever module brought it.
 */
export function withControlEdges<Recipe extends object>(
  kind: keyof typeof CONTROL_EDGES,
  recipes: Record<string, Recipe>,
): Record<string, Recipe> {
  const edges: Record<string, object> = CONTROL_EDGES[kind];
  return Object.fromEntries(
    Object.entries(recipes).map(([name, recipe]): [string, Recipe] => {
      const edge = edges[name];
      if (!edge) return [name, recipe];
      const merged = mergeConfigs({ theme: { [kind]: { [name]: recipe } } }, { theme: { [kind]: { [name]: edge } } });
      return [name, (merged.theme?.[kind] as Record<string, Recipe>)[name] ?? recipe];
    }),
  );
}
