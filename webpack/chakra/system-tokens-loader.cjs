// Replaces shared/src/ui/system-tokens.ts, the design tokens, with the token dictionary the build
// computed from them (system-build.cjs): the system is then created from the dictionary, through
// rewrites.cjs's `chakraDictionaryFromBuild`, and the tokens never reach the browser.
const { systemBuild } = require('./system-build.cjs');

/** @this {{ addDependency(file: string): void }} */
module.exports = function systemTokensLoader() {
  const { tokens, inputs } = systemBuild();
  inputs.forEach((input) => this.addDependency(input));
  // JSON.parse of a string literal: V8 reads data faster that way than as an object literal.
  return [
    `import { restoreTokens } from './token-snapshot';`,
    `const snapshot = JSON.parse(${JSON.stringify(JSON.stringify(tokens))});`,
    `export const systemTokens = [{ restoreTokens: (internals) => restoreTokens(snapshot, internals) }];`,
    '',
  ].join('\n');
};
