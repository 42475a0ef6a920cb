import { PALETTE_BY_ROLE } from './avatar-color';
import { switchSlotRecipe } from '@chakra-ui/react/theme';
import { registerRecipes, system } from './system';
import { COLOR_PRESET_PALETTES } from './color-presets';

// The system is built without the palettes nothing paints with; every palette the portal does use
// must still resolve, in both colour modes.
const PALETTES_IN_USE = new Set([
  ...Object.values(COLOR_PRESET_PALETTES),
  ...Object.values(PALETTE_BY_ROLE),
  'gray',
  'green',
]);

describe('the trimmed Chakra system', () => {
  it.each([...PALETTES_IN_USE])('has the %s palette and its semantic tokens', (palette) => {
    expect(system.token(`colors.${palette}.500`)).toMatch(/^#/);
    for (const role of ['solid', 'contrast', 'fg', 'subtle', 'muted', 'emphasized', 'focusRing']) {
      expect(system.token.var(`colors.${palette}.${role}`)).toMatch(/^var\(--chakra-colors-/);
    }
  });

  it('leaves out the palettes nothing paints with', () => {
    expect(system.token('colors.yellow.500')).toBeUndefined();
    expect(system.token('colors.pink.500')).toBeUndefined();
  });

  it('draws the edge of every control with the control colour, whichever module registers it', () => {
    expect(system.getRecipe('input').variants?.variant?.outline).toMatchObject({ borderColor: 'border.emphasized' });
    // The switch comes later, with the dialogs' module.
    registerRecipes({ slotRecipes: { switch: switchSlotRecipe } });
    expect(system.getSlotRecipe('switch').variants?.variant?.solid?.control).toMatchObject({
      bg: 'border.emphasized',
    });
    // Merged into Chakra's recipe, not in its place.
    expect(system.getSlotRecipe('switch').slots).toEqual(switchSlotRecipe.slots);
  });

  // The contrast of each palette's colours is contrast-tokens.test.ts's.
});
