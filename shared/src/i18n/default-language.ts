/**
 * The language members get when theirs is not offered, and whose texts back up every other one.
 * A module of its own, free of imports, so that the remotes' warm-up can bundle it into their
 * remoteEntry.js without the rest of the language list, and the build reads it as it is to list
 * those texts among a page's first scripts (webpack/start-up/landing-scripts-plugin.cjs).
 */
export const DEFAULT_LANGUAGE = 'en';
