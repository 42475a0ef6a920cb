// Chakra's createSystem computes its whole global style sheet — the reset, the global styles and
// every design token as a CSS variable — and its provider inserts it on the first render: a fifth
// of the start-up work on a phone. The build ships that sheet as a static file instead
// (system-css-plugin.cjs), so in the bundle the system is created without it. When Chakra's code no
// longer has the expected line the build fails, rather than quietly doing the work twice.
const COMPUTED_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

module.exports = function chakraStaticGlobalLoader(source) {
  if (!source.includes(COMPUTED_GLOBAL)) {
    throw new Error(
      `@chakra-ui/react's createSystem no longer reads "${COMPUTED_GLOBAL}": update webpack/chakra-static-global-loader.cjs`,
    );
  }
  return source.replace(COMPUTED_GLOBAL, 'const _global = [];');
};
