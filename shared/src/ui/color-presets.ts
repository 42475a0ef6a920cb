import type { ThemeColorPreset } from '@loyalty/shared/settings';

/**
 * The colour presets a member can choose (docs/product/frame.md, "Appearance settings"), in the
 * order the settings drawer offers them, and the Chakra palette each one paints with: one for each
 * preset the settings accept, and no other. It imports nothing at run time, so the end-to-end suite
 * reads the very list the drawer offers.
 */
export const COLOR_PRESET_PALETTES = {
  default: 'teal',
  cyan: 'cyan',
  purple: 'purple',
  blue: 'blue',
  orange: 'orange',
  red: 'red',
} as const satisfies Record<ThemeColorPreset, string>;

/** The presets, in the drawer's order. */
export const THEME_COLOR_PRESETS = Object.keys(COLOR_PRESET_PALETTES) as ThemeColorPreset[];
