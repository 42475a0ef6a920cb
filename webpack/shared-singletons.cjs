// The modules that must exist once per page (docs/architecture.md). `@loyalty/shared` is listed module by
// module: each of its entry points is shared on its own, so the session store, the i18n instance
// and the HTTP client are the same objects in the shell and every remote. Chakra (with Emotion,
// which it styles through), React Router and react-i18next are not listed: they reach the page
// only through curated modules (`@loyalty/shared/ui`, `@loyalty/shared/ui-data-display`,
// `@loyalty/shared/router`, `@loyalty/shared/i18n`) holding just what the portal uses, since a
// shared library is never tree-shaken. They are built into the shell alone, so there is one copy.
const sharedPkg = require('../shared/package.json');

const versionOf = (name) => require(`${name}/package.json`).version;

const LIBRARIES = {
  react: ['react', 'react/jsx-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  zustand: ['zustand', 'zustand/vanilla'],
  i18next: ['i18next'],
  // The one owner of server data: one query cache and one context for the shell and every remote.
  '@tanstack/react-query': ['@tanstack/react-query'],
};

/**
 * Shared modules only some pages use: each stays a chunk of its own, fetched when first needed,
 * even where the others are provided eagerly (decision 009).
 */
const LAZY = new Set([
  '@loyalty/shared/api',
  // The query cache and its library: only pages that read server data load them.
  '@loyalty/shared/api/query-client',
  '@tanstack/react-query',
  '@loyalty/shared/ui-data-display',
  '@loyalty/shared/ui-menu',
  '@loyalty/shared/ui-dialogs',
]);

/**
 * Entry points of `@loyalty/shared` that are not federated modules: a build that uses one bundles
 * it. Tests' helpers; a remote's standalone harness, only in that remote's own `main.js`; the
 * English validation texts, which the API answers with; the remotes' warm-up, which runs in their
 * `remoteEntry.js` before any shared module can be had; the first paint's skeletons, plain markup each
 * build renders to HTML as well (webpack/first-paint/); the telemetry contract, plain data that only
 * the shell's reporter (loaded when the page is idle) reads, and its schema, the receiver's; the
 * route table alone, for the mock API (pages take it from `./router`), and the language list, for
 * the mock API's e-mails (pages take it from `./i18n`); money's formatting, which the sign-in page
 * never needs and would load with `./i18n` (tiers and the account's plan bundle it); a form's checkbox, which only the password
 * forms use, bundled into their chunks; day arithmetic, a few
 * stateless lines cheaper bundled than federated; the household's contract and calls, which only
 * the household page uses, bundled into that page's chunk (the mock API reads the contract too).
 */
const NOT_SHARED = new Set([
  './api/household',
  './router/paths',
  './i18n/languages',
  './i18n/money',
  './ui/checkbox-field',
  './dates',
  './testing',
  './standalone',
  './validation/messages',
  './warm-up',
  './first-paint',
  './telemetry',
  './telemetry/schema',
]);

/**
 * @param {{ eager?: boolean, development?: boolean }} options  eager: the shell's configuration,
 *   compiling every module outside LAZY into the entry; development: a development build, whose
 *   JSX compiles to `react/jsx-dev-runtime`
 */
function sharedSingletons({ eager = false, development = false } = {}) {
  const isEager = (request) => eager && !LAZY.has(request);
  // The version range a build accepts. A remote states one, so the runtime warns when the page's
  // singleton is not a version it was built for. The shell does not: it provides every singleton
  // itself, first, so each check would compare its own version with its own range, and the
  // runtime's semver parsing of those checks was one of the heaviest parts of its start-up.
  const accepts = (range) => (eager ? false : range);
  const shared = {};
  // What JSX compiles to in development. The shell's eager modules hold JSX and need it at once,
  // so it is provided with them; production builds never import it.
  const libraries = development ? { ...LIBRARIES, react: [...LIBRARIES.react, 'react/jsx-dev-runtime'] } : LIBRARIES;
  for (const [pkgName, requests] of Object.entries(libraries)) {
    const version = versionOf(pkgName);
    for (const request of requests) {
      shared[request] = {
        singleton: true,
        version,
        requiredVersion: accepts(`^${version.split('.')[0]}.0.0`),
        eager: isEager(request),
      };
    }
  }
  for (const subpath of Object.keys(sharedPkg.exports)) {
    if (NOT_SHARED.has(subpath)) continue;
    const request = `@loyalty/shared/${subpath.slice(2)}`;
    shared[request] = {
      eager: isEager(request),
      singleton: true,
      version: sharedPkg.version,
      requiredVersion: accepts(`^${sharedPkg.version}`),
    };
  }
  return shared;
}

module.exports = { sharedSingletons, LIBRARIES };
