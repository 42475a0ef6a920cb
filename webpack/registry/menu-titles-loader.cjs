// scripts/lib/menu-titles.cjs as a browser build holds it: the value it exports, computed here from
// the registry, so the page gets the texts and none of the registry's code or other fields.
const path = require('node:path');

const REGISTRY = path.join(__dirname, '..', '..', 'remotes.json');

module.exports = function menuTitlesLoader() {
  this.addDependency(REGISTRY);
  // Built again when the registry changes (npm start watches): read it afresh, not from require's cache.
  for (const file of [this.resourcePath, REGISTRY, require.resolve('../../scripts/lib/remotes.cjs')]) {
    delete require.cache[file];
  }
  return `module.exports = ${JSON.stringify(require(this.resourcePath))};`;
};
