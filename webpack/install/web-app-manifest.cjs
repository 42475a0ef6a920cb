// The shell's web app manifest and its icons, written by the build: a member can add the portal to
// a phone's home screen, and reach the membership card in one tap from there (a shortcut). The icons
// are the favicon's star in the brand colour, rendered by sharp (libvips) at each size, so that no
// binary file is kept beside the source and the icons cannot drift from the favicon.
const fs = require('node:fs');
const path = require('node:path');
const sharp = require('sharp');
const webpack = require('webpack');
const { systemBuild } = require('../chakra/system-build.cjs');

/** The brand colour, the theme's (`#rrggbb`): the favicon's, the pages' `theme-color`, the logo's. */
const brandColor = () => systemBuild().brandColor;
/** The page the portal opens on from the home screen, and the one its shortcut opens. */
const START_URL = '/dashboard';
const CARD_URL = '/dashboard/card';
/** Where the manifest is served; the shell's page links it. */
const MANIFEST_FILE = 'manifest.webmanifest';

/** The star of the favicon (a 32 × 32 box): its one path, read from the file the pages link. */
const starPath = () => {
  const favicon = fs.readFileSync(path.join(__dirname, '..', '..', 'shell', 'public', 'favicon.svg'), 'utf8');
  const d = /<path[^>]*\sd="([^"]+)"/.exec(favicon)?.[1];
  if (!d) throw new Error('shell/public/favicon.svg has no path for the icons to draw');
  return d;
};

/**
 * The icon as SVG: the favicon's white star on the brand colour. `maskable`: the colour fills the
 * whole square and the star keeps within the middle 80 % (the safe zone a launcher's mask never
 * cuts into); otherwise the square has the favicon's rounded corners and a clear outside.
 */
function iconSvg({ maskable = false } = {}) {
  const square = maskable ? '<rect width="32" height="32"' : '<rect width="32" height="32" rx="8"';
  const shrink = maskable ? ' transform="translate(16 16) scale(0.8) translate(-16 -16)"' : '';
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `${square} fill="${brandColor()}"/><path${shrink} d="${starPath()}" fill="#fff"/></svg>`
  );
}

/** The icon at `size` pixels as a PNG, drawn from its SVG at that size (not scaled from another). */
function iconPng(size, options = {}) {
  return sharp(Buffer.from(iconSvg(options)), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The icons the manifest names: the sizes installers ask for, and a maskable one for Android. */
const ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
];

/** The web app manifest (https://www.w3.org/TR/appmanifest/). */
function webAppManifest() {
  const icons = ICONS.map(({ file, size, purpose }) => ({
    src: `/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  }));
  return {
    id: '/',
    name: 'Loyalty Rewards',
    short_name: 'Rewards',
    description: 'Your points and rewards: balance, claims and redemptions.',
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: brandColor(),
    background_color: '#ffffff',
    icons,
    shortcuts: [
      {
        name: 'Membership card',
        short_name: 'Card',
        description: 'Show your membership card',
        url: CARD_URL,
        icons: [icons[0]],
      },
    ],
  };
}

/** Emits the manifest and its icons into the shell's build. */
class WebAppManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WebAppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'WebAppManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const { RawSource } = webpack.sources;
          compilation.emitAsset(MANIFEST_FILE, new RawSource(`${JSON.stringify(webAppManifest(), null, 2)}\n`));
          const icons = await Promise.all(
            ICONS.map(({ size, purpose }) => iconPng(size, { maskable: purpose === 'maskable' })),
          );
          ICONS.forEach(({ file }, index) => compilation.emitAsset(file, new RawSource(icons[index])));
        },
      );
    });
  }
}

module.exports = { brandColor, MANIFEST_FILE, ICONS, iconPng, webAppManifest, WebAppManifestPlugin };
