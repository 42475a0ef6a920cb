// Marks module-level calls as free of side effects (`/*#__PURE__*/`), so webpack and terser can
// drop one when its result is unused. `calls` are regular expressions for what is called, matched
// where a call's result is assigned (`= call(`). Used on two Chakra modules whose builders the
// minifier cannot see through:
// - the theme index builds `defaultThemeConfig` with `defineConfig({...})`, an identity function,
//   and that object holds every recipe of the library: importing the tokens from
//   `@chakra-ui/react/theme` pulled in every recipe (docs/performance.md, "Behind the code")
//   although the portal's system uses 30;
// - the anatomy module builds the part names of all 39 components (`createAnatomy(...).parts(...)`,
//   `xAnatomy.extendWith(...)`) when it is evaluated, whichever a page renders.
module.exports = function markPureLoader(source) {
  const { calls } = this.getOptions();
  return calls.reduce(
    (code, call) => code.replace(new RegExp(`=\\s*(${call})\\(`, 'g'), '= /*#__PURE__*/ $1('),
    source,
  );
};

/** The builders of Chakra's anatomy module (`@chakra-ui/react/dist/esm/anatomy.js`). */
module.exports.ANATOMY_BUILDERS = ['createAnatomy', '[\\w$]+\\.extendWith'];
