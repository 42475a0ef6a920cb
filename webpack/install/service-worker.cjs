// The shell's service worker, compiled from shell/src/service-worker/sw.ts by Workbox's
// InjectManifest, with the list of the shell's files it precaches (decision 068).
const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');
const { HASH_LENGTH } = require('../content-hash.cjs');

/**
 * The shell's files that every page loads, precached: the entry, the scripts and style sheets the
 * page names, the system style sheet, the icons. The content-hashed chunks are kept as pages use
 * them instead (the worker's `loyalty-shell-chunks`): precaching all of them, in five languages,
 * would download the whole shell on a member's first visit. Pages are not precached: the edge
 * writes each one's first paint and headers (sw.ts keeps them as they are answered).
 */
const PRECACHED = [
  /^main\.js$/,
  /^(?:theme-init|start-up-requests|locale-data)\.js$/,
  /^first-paint\.css$/,
  new RegExp(`^chakra-system\\.[0-9a-f]{${HASH_LENGTH}}\\.css$`),
  /^favicon\.svg$/,
  /^manifest(?:\.[a-z]{2})?\.webmanifest$/,
  /^icons\/icon-192\.png$/,
];

/** The page links main.js with its build's hash (HtmlWebpackPlugin `hash`): the precache names it so. */
function mainWithBuildHash(entries, compilation) {
  const manifest = entries.map((entry) =>
    entry.url === 'main.js' ? { url: `main.js?${compilation.hash}`, revision: null } : entry,
  );
  return { manifest, warnings: [] };
}

function serviceWorkerPlugin(dir) {
  return new InjectManifest({
    swSrc: path.join(dir, 'src', 'service-worker', 'sw.ts'),
    swDest: 'sw.js',
    include: PRECACHED,
    manifestTransforms: [mainWithBuildHash],
  });
}

module.exports = { PRECACHED, serviceWorkerPlugin };
