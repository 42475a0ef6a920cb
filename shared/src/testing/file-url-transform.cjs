// A file a module imports for its address (webpack's `asset/resource`, such as the guest pages'
// scene): in the tests its address is its own name, where the build adds the content's hash.
const path = require('node:path');

module.exports = {
  process(_source, filename) {
    return { code: `module.exports = ${JSON.stringify(`/${path.basename(filename)}`)};` };
  },
};
