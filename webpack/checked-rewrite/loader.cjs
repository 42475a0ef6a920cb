// Rewrites lines of a library's file at build time, for the paths of its code the portal never
// takes but the library keeps alive. Every rewrite names the exact text it replaces: when the
// library no longer has it (a new version), the build fails, rather than quietly shipping the code
// again or patching the wrong line. The rewrites, the files they apply to and why each is safe
// are in ../chakra/rewrites.cjs and ../federation-runtime/rewrites.cjs, listed by library-rewrites.cjs.

/** @param {string} source  @this {{ getOptions(): { rewrites: [string, string][] }, resourcePath: string }} */
module.exports = function checkedRewriteLoader(source) {
  const { rewrites } = this.getOptions();
  return rewrites.reduce((rewritten, [expected, replacement]) => {
    if (!rewritten.includes(expected)) {
      throw new Error(`${this.resourcePath} no longer has "${expected}": its rewrite in the build must be updated`);
    }
    return rewritten.replace(expected, replacement);
  }, source);
};
