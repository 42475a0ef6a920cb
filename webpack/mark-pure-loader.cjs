// Marks a module-level call as free of side effects (`/*#__PURE__*/`), so webpack and terser can
// drop it when its result is unused. Chakra's theme index builds `defaultThemeConfig` with
// `defineConfig({...})` — an identity function the minifier cannot see through — and that object
// holds every recipe of the library: importing the tokens from `@chakra-ui/react/theme` pulled in
// all ~70 recipes (about 20 KB gzip) although the portal's system uses 30.
module.exports = function markPureLoader(source) {
  const { calls } = this.getOptions();
  return calls.reduce(
    (code, call) => code.replace(new RegExp(`=\\s*${call}\\(`, 'g'), `= /*#__PURE__*/ ${call}(`),
    source,
  );
};
