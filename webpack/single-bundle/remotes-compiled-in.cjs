// The single-bundle build (SINGLE_BUNDLE=1, `npm run perf -- --compare-single-bundle`) compiles every
// remote's routes into the shell and has no federation runtime, so the cost of federation can be
// measured against the same portal without it. The module written here takes the place of the
// shell's shell/src/remotes/federation.ts (webpack/create-app-config.cjs), with the same exports;
// `<remote>/routes` resolve to the remotes' sources in that build only. It is written from the
// registry of remotes (remotes.json), since `import()` needs each remote's name spelled out. Never
// deployed.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

/** The stand-in's source for `remotes` (federation names). */
function remotesCompiledInSource(remotes) {
  const cases = remotes.map((name) => `    case '${name}':\n      return import('${name}/routes');`).join('\n');
  return `// Written by webpack/single-bundle/remotes-compiled-in.cjs from remotes.json.
export function prepareFederation() {}

export function registerReleasedRemotes() {
  return Promise.resolve();
}

export function loadRemoteRoutes(remote) {
  switch (remote) {
${cases}
    default:
      return Promise.reject(new Error(\`No remote \${remote} in the single bundle\`));
  }
}
`;
}

/** Writes the stand-in under `cacheDir` and says where. */
function writeRemotesCompiledIn(remotes, cacheDir) {
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, 'remotes-compiled-in.js');
  writeFileSync(file, remotesCompiledInSource(remotes));
  return file;
}

module.exports = { remotesCompiledInSource, writeRemotesCompiledIn };
