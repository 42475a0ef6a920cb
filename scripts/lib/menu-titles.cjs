// The titles of the registry's menu entries, by language: the texts the member's frame registers as
// MENU_NAMESPACE. A browser build runs this file when it builds (webpack/registry/), so the page
// holds these texts alone, in the frame's own chunk, and not in the registry its first scripts read.
const { LANGUAGES, menuTitles } = require('./remotes.cjs');

module.exports = Object.freeze(Object.fromEntries(LANGUAGES.map((language) => [language, menuTitles(language)])));
