import { PALETTE_BY_ROLE } from './avatar-color';
import { COLOR_PRESET_PALETTES, system } from './system';

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

  it('keeps the deeper solid shade that gives white text enough contrast', () => {
    expect(system.tokens.getByName('colors.teal.solid')?.originalValue).toBe('{colors.teal.700}');
  });
});
