// How the build names a file after its content, read by all who must recognise one: the build's
// own writers (webpack's chunks, the system style sheet, the typeface's files), the edge, which
// caches such a file for a year (scripts/edge/policy.mjs), and the shell's service worker, which
// keeps it cache first (shell/src/service-worker/release-scope.ts). Plain data with no imports, so
// the worker's bundle takes it in as it is.

/** Hex digits of the content hash in a file's name. */
const HASH_LENGTH = 10;

/** The kinds of file the build names after their content (svg: pictures a page draws). */
const HASHED_EXTENSIONS = ['js', 'css', 'woff2', 'svg'];

/**
 * The path of a content-hashed file, `<name>.<hash>.<extension>`: a regular expression in the
 * syntax both JavaScript and nginx (PCRE) read.
 */
const HASHED_FILE = `\\.[0-9a-f]{${HASH_LENGTH}}\\.(?:${HASHED_EXTENSIONS.join('|')})$`;

module.exports = { HASH_LENGTH, HASHED_FILE };
