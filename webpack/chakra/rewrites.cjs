// Lines of Chakra's, Ark's and Emotion's files rewritten at build time (the checked-rewrite loader),
// for start-up work the portal does at build time or never needs. Each rule says which file
// (`file`, under node_modules), what is replaced and why that is safe.
const { libraryFile } = require('../checked-rewrite/library-file.cjs');

/**
 * Chakra's createSystem computes its whole global style sheet — the reset, the global styles and
 * every design token as a CSS variable — and its provider inserts it on the first render, a large
 * part of the start-up work on a phone (docs/performance.md, "Behind the code"). The build ships
 * that sheet as a static file instead (system-build.cjs), so in the bundle the system is created
 * without it, and without the reset's rules (preflight.js), which nothing in the page reads any
 * more.
 */
const chakraStaticGlobalCss = {
  ...libraryFile('@chakra-ui/react/dist/esm/styled-system/system.js'),
  rewrites: [
    ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'const _global = [];'],
    [
      "import { createPreflight } from './preflight.js';",
      'const createPreflight = () => {\n' +
        "  throw new Error('The reset style sheet is built with the page (webpack/chakra/system-build.cjs)');\n" +
        '};',
    ],
  ],
};

/**
 * The system is created from the token dictionary the build computed (system-build.cjs,
 * shared/src/ui/token-snapshot.ts) rather than from the design tokens: building the dictionary in
 * the browser was two thirds of the system's creation, the longest single piece of work before the
 * first render on a phone. The apps' bundles hand `createSystem` a config with `restoreTokens` in
 * place of the tokens (system-tokens-loader.cjs); the dictionary passes it its own internals to
 * fill, then builds its views (the variable of each token, its category's values) as it always does.
 * A config without it (tests, the build's own scripts) builds the dictionary from the tokens.
 */
const chakraDictionaryFromBuild = [
  {
    ...libraryFile('@chakra-ui/react/dist/esm/styled-system/system.js'),
    rewrites: [
      [
        '  const tokens = createTokenDictionary({\n    breakpoints: theme.breakpoints,\n',
        '  const tokens = createTokenDictionary({\n' +
          '    restoreTokens: config.restoreTokens,\n' +
          '    breakpoints: theme.breakpoints,\n',
      ],
    ],
  },
  {
    ...libraryFile('@chakra-ui/react/dist/esm/styled-system/token-dictionary.js'),
    rewrites: [
      [
        '  registerTokens();\n' +
          '  registerTransform(...tokenTransforms);\n' +
          '  registerMiddleware(...tokenMiddlewares);\n' +
          '  build();\n',
        '  if (options.restoreTokens) {\n' +
          '    options.restoreTokens({ registerToken, setupViews, colorPaletteMap, formatCssVar, prefix });\n' +
          '  } else {\n' +
          '    registerTokens();\n' +
          '    registerTransform(...tokenTransforms);\n' +
          '    registerMiddleware(...tokenMiddlewares);\n' +
          '    build();\n' +
          '  }\n',
      ],
    ],
  },
];

/**
 * Ark's LocaleProvider (which Chakra re-exports) works out the text direction from the locale with
 * `new Intl.Locale(locale).maximize()`, which loads ICU's likely-subtags data inside the first
 * render of every page (docs/performance.md, "Behind the code"). The portal knows
 * each language's direction (`LANGUAGES` in `@loyalty/shared/i18n`), so the provider takes it as
 * `dir` (`AppProviders`) and works it out only when it is not given.
 */
const localeDirectionGiven = {
  ...libraryFile('@ark-ui/react/dist/providers/locale/locale-provider.js'),
  rewrites: [['dir: isRTL(locale) ? "rtl" : "ltr"', 'dir: props.dir ?? (isRTL(locale) ? "rtl" : "ltr")']],
};

/**
 * Chakra's styled factory and Emotion insert each element's style rule from an insertion effect,
 * so all of a page's rules are compiled (stylis) and inserted inside React's commit: the one
 * task of a render that cannot be sliced, and on a phone the longest task after the scripts'
 * start-up (the dashboard's first commit; docs/performance.md, "Behind the code"). Inserted as the
 * element renders instead, the work runs in the render phase, which React slices into 5 ms steps
 * for the portal's transitions. That was Emotion's own behaviour before React 18 and stays its
 * fallback where insertion effects do not exist; it is safe here because a rule is keyed by its
 * class name (a style never reaches an element before its rule exists, and a render that React
 * throws away leaves only an unused cached rule), and nothing reads layout during render.
 * Global styles keep their insertion effect (useInsertionEffectWithLayoutFallback). Decision 018.
 */
const emotionInsertsWhileRendering = {
  ...libraryFile(
    '@emotion/use-insertion-effect-with-fallbacks/dist/emotion-use-insertion-effect-with-fallbacks.browser.esm.js',
  ),
  rewrites: [
    [
      'var useInsertionEffectAlwaysWithSyncFallback = useInsertionEffect || syncFallback;',
      'var useInsertionEffectAlwaysWithSyncFallback = syncFallback;',
    ],
  ],
};

const chakraRewrites = [
  chakraStaticGlobalCss,
  ...chakraDictionaryFromBuild,
  localeDirectionGiven,
  emotionInsertsWhileRendering,
];

module.exports = { chakraRewrites, emotionInsertsWhileRendering };
