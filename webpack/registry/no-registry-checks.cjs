// What a browser build has in place of scripts/lib/registry-checks.cjs: nothing. The checks ran in
// the build's own Node process, which read the registry through scripts/lib/remotes.cjs; a page
// only reads the registry, and every page (the sign-in page's first scripts included) carried them.
module.exports = {};
