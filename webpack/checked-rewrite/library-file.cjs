// A library file by its path under node_modules, and the build's test for it (either separator).
const libraryFile = (file) => ({
  file,
  test: new RegExp(`${file.replace(/\./g, '\\.').replace(/\//g, '[\\\\/]')}$`),
});

module.exports = { libraryFile };
