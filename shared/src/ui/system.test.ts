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

const MODES = ['light', 'dark'] as const;
const NAMED_COLOURS: Record<string, string> = { white: '#ffffff', black: '#000000' };

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

  // A preset's actions are its `solid` colour with `contrast` text on it (buttons, badges, the logo).
  it.each(Object.values(COLOR_PRESET_PALETTES).flatMap((palette) => MODES.map((mode) => [palette, mode] as const)))(
    'the %s palette keeps its action text at WCAG AA contrast in %s mode',
    (palette, mode) => {
      const ratio = contrastRatio(colourIn(`${palette}.solid`, mode), colourIn(`${palette}.contrast`, mode));
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    },
  );
});

/** The hex colour a semantic colour token (`orange.solid`) takes in a colour mode. */
function colourIn(name: string, mode: (typeof MODES)[number]): string {
  const conditions = system.tokens.getByName(`colors.${name}`)?.extensions.conditions as Record<string, string>;
  const value = conditions[`_${mode}`] ?? conditions.base ?? '';
  const reference = /^{colors\.(.+)}$/.exec(value);
  const colour: string = reference ? system.token(`colors.${reference[1]}`) : (NAMED_COLOURS[value] ?? value);
  if (!/^#[0-9a-f]{6}$/i.test(colour)) throw new Error(`colors.${name} in ${mode} is ${colour}, not a hex colour`);
  return colour;
}

/** WCAG 2 contrast ratio of two hex colours. */
function contrastRatio(first: string, second: string): number {
  const luminance = (hex: string) => {
    const linear = (start: number) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5);
  };
  const [a, b] = [luminance(first), luminance(second)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
