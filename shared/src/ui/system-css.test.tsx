import { render } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from './system';
import { systemStaticCss } from './system-css';

describe('the static system style sheet', () => {
  it('holds exactly the rules the Chakra provider would insert at run time', () => {
    // Emotion hands each rule to insertRule; jsdom's CSS parser would lose the layered ones, so the
    // rules are read as Emotion wrote them.
    const inserted: string[] = [];
    const insertRule = jest.spyOn(CSSStyleSheet.prototype, 'insertRule').mockImplementation((rule) => {
      inserted.push(rule);
      return 0;
    });
    render(<ChakraProvider value={system}>page</ChakraProvider>);
    insertRule.mockRestore();
    // One rule per cascade layer: the layer order, the reset, the global styles, the tokens.
    expect(inserted).toHaveLength(4);
    expect(systemStaticCss(system)).toBe(inserted.join(''));
  });

  it('carries the tokens, the colour presets and the dark mode', () => {
    const css = systemStaticCss(system);
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(css).toContain('--chakra-colors-teal-solid:var(--chakra-colors-teal-700)');
    expect(css).toContain('html[data-color-preset=cyan] body');
    expect(css).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-bg:/);
    // Bold contrast in the tokens' own layer, where nothing of Chakra's can override it.
    expect(css).toMatch(
      /@layer tokens\{.*html\[data-contrast=bold\]:not\(\.dark\)\{[^}]*--chakra-colors-fg-muted:var\(--chakra-colors-gray-800\)/,
    );
    expect(css).toMatch(
      /html\.dark\[data-contrast=bold\]\{[^}]*--chakra-colors-border:var\(--chakra-colors-gray-500\)/,
    );
  });
});
