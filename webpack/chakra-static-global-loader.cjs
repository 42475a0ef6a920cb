// Chakra's createSystem computes its whole global style sheet — the reset, the global styles and
// every design token as a CSS variable — and its provider inserts it on the first render: a fifth
// of the start-up work on a phone. The build ships that sheet as a static file instead
// (system-css-plugin.cjs), so in the bundle the system is created without it, and without the
// reset's rules (preflight.js, about 1 KB gzip), which nothing in the page reads any more. When
// Chakra's code no longer has the expected lines the build fails, rather than quietly doing the
// work twice.
const REWRITES = [
  ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'const _global = [];'],
  [
    "import { createPreflight } from './preflight.js';",
    'const createPreflight = () => {\n' +
      "  throw new Error('The reset style sheet is built with the page (webpack/system-css-plugin.cjs)');\n" +
      '};',
  ],
];

module.exports = function chakraStaticGlobalLoader(source) {
  return REWRITES.reduce((rewritten, [expected, replacement]) => {
    if (!rewritten.includes(expected)) {
      throw new Error(
        `@chakra-ui/react's createSystem no longer reads "${expected}": update webpack/chakra-static-global-loader.cjs`,
      );
    }
    return rewritten.replace(expected, replacement);
  }, source);
};
