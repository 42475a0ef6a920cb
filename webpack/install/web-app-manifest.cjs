// The shell's web app manifest, its icons and its favicon, written by the build: a member can add
// the portal to a phone's home screen, and reach the membership card in one tap from there (a
// shortcut). The icons are the mark's star in the brand colour, rendered by sharp (libvips) at each
// size, so that no binary file is kept beside the source; the colour is the theme's alone.
const fs = require('node:fs');
const path = require('node:path');
const sharp = require('sharp');
const webpack = require('webpack');
const { systemBuild } = require('../chakra/system-build.cjs');
const { loadBuildTimeModuleSync } = require('../first-paint/build-time-module.cjs');

/** The portal's languages, as the application states them (code and direction). */
const { LANGUAGES, DEFAULT_LANGUAGE } = loadBuildTimeModuleSync(
  require.resolve('../../shared/src/i18n/languages.ts'),
).exports;
/** The shell's texts in `language`: the manifest's words are its `app` texts. */
const appTexts = (language) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'shell', 'src', 'locales', `${language}.json`), 'utf8'))
    .app;

/** The brand colour, the theme's (`#rrggbb`): the favicon's, the pages' `theme-color`, the logo's. */
const brandColor = () => systemBuild().brandColor;
/** The page the portal opens on from the home screen, and the one its shortcut opens. */
const START_URL = '/dashboard';
const CARD_URL = '/dashboard/card';
/**
 * Where the manifest is served; the shell's page links it, in the default language. The page points
 * its link at the member's language (`linkManifest` in `@loyalty/shared/i18n`), whose manifest is
 * `manifestFile(language)`: a phone adds the portal under names in the member's language.
 */
const MANIFEST_FILE = 'manifest.webmanifest';
const manifestFile = (language) => `manifest.${language}.webmanifest`;

/** The portal's mark, as the header draws it: a star on the brand colour in a square box. */
const MARK = require('../../shell/src/layouts/logo-mark.json');

/**
 * The icon as SVG: the mark's white star on the brand colour. `maskable`: the colour fills the
 * whole square and the star keeps within the middle 80 % (the safe zone a launcher's mask never
 * cuts into); otherwise the square has the mark's rounded corners and a clear outside (the favicon).
 */
function iconSvg({ maskable = false } = {}) {
  const { size, cornerRadius, star } = MARK;
  const square = `<rect width="${size}" height="${size}"${maskable ? '' : ` rx="${cornerRadius}"`}`;
  const middle = size / 2;
  const shrink = maskable
    ? ` transform="translate(${middle} ${middle}) scale(0.8) translate(-${middle} -${middle})"`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">` +
    `${square} fill="${brandColor()}"/><path${shrink} d="${star}" fill="#fff"/></svg>`
  );
}

/** The favicon the shell's page links. */
const FAVICON_FILE = 'favicon.svg';

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

/** The web app manifest (https://www.w3.org/TR/appmanifest/) in `language`. */
function webAppManifest(language = DEFAULT_LANGUAGE) {
  const texts = appTexts(language);
  const { dir } = LANGUAGES.find((option) => option.value === language);
  const icons = ICONS.map(({ file, size, purpose }) => ({
    src: `/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  }));
  return {
    id: '/',
    lang: language,
    dir,
    name: texts.name,
    short_name: texts.short_name,
    description: texts.description,
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: brandColor(),
    background_color: '#ffffff',
    icons,
    shortcuts: [
      {
        name: texts.card_shortcut,
        short_name: texts.card_shortcut_short,
        description: texts.card_shortcut_description,
        url: CARD_URL,
        icons: [icons[0]],
      },
    ],
  };
}

/** Emits the manifest, its icons and the favicon into the shell's build. */
class WebAppManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WebAppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'WebAppManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const { RawSource } = webpack.sources;
          const json = (language) => new RawSource(`${JSON.stringify(webAppManifest(language), null, 2)}\n`);
          compilation.emitAsset(MANIFEST_FILE, json(DEFAULT_LANGUAGE));
          for (const { value } of LANGUAGES) compilation.emitAsset(manifestFile(value), json(value));
          const icons = await Promise.all(
            ICONS.map(({ size, purpose }) => iconPng(size, { maskable: purpose === 'maskable' })),
          );
          ICONS.forEach(({ file }, index) => compilation.emitAsset(file, new RawSource(icons[index])));
          compilation.emitAsset(FAVICON_FILE, new RawSource(iconSvg()));
        },
      );
    });
  }
}

module.exports = {
  brandColor,
  FAVICON_FILE,
  iconSvg,
  MANIFEST_FILE,
  manifestFile,
  ICONS,
  iconPng,
  webAppManifest,
  WebAppManifestPlugin,
};
