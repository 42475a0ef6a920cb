// The shell's web app manifest and its icons, written by the build: a member can add the portal to
// a phone's home screen, and reach the membership card in one tap from there (a shortcut). The icons
// are drawn here, from the favicon's own shapes in the brand colour, so that no binary file is kept
// beside the source and the icons cannot drift from the favicon.
const zlib = require('node:zlib');
const webpack = require('webpack');
const { systemBuild } = require('../chakra/system-build.cjs');

/** The brand colour, the theme's (`#rrggbb`): the favicon's, the pages' `theme-color`, the logo's. */
const brandColor = () => systemBuild().brandColor;
/** The page the portal opens on from the home screen, and the one its shortcut opens. */
const START_URL = '/dashboard';
const CARD_URL = '/dashboard/card';
/** Where the manifest is served; the shell's page links it. */
const MANIFEST_FILE = 'manifest.webmanifest';

/** The star of favicon.svg (a 32 × 32 box), as absolute points. */
const STAR = (() => {
  const moves = [
    [2.6, 5.6],
    [6.1, 0.7],
    [-4.5, 4.2],
    [1.2, 6],
    [-5.4, -3],
    [-5.4, 3],
    [1.2, -6],
    [-4.5, -4.2],
    [6.1, -0.7],
  ];
  const points = [[16, 7]];
  for (const [dx, dy] of moves) {
    const [x, y] = points[points.length - 1];
    points.push([x + dx, y + dy]);
  }
  return points;
})();

/** Where a horizontal line at `y` crosses `polygon`, left to right: inside between pairs. */
function crossings(y, polygon) {
  const xs = [];
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
  }
  return xs.sort((a, b) => a - b);
}

/** Where a horizontal line at `y` lies inside a 32 × 32 square with corners rounded by `radius`. */
function roundedSquareSpan(y, radius) {
  if (y < 0 || y > 32) return null;
  const dy = Math.max(radius - y, y - (32 - radius), 0);
  if (dy > radius) return null;
  const inset = radius - Math.sqrt(radius ** 2 - dy ** 2);
  return [inset, 32 - inset];
}

const isInside = (x, xs) => {
  let inside = false;
  for (const crossing of xs) if (crossing < x) inside = !inside;
  return inside;
};

const rgb = (hex) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The icon at `size` pixels as a PNG: the favicon's white star on the brand colour. `maskable`:
 * the colour fills the whole square and the star keeps within the middle 80 % (the safe zone a
 * launcher's mask never cuts into); otherwise the square has the favicon's rounded corners and a
 * transparent outside. Each pixel is sampled 4 × 4 times, so edges are smooth.
 */
function iconPng(size, { maskable = false } = {}) {
  const [r, g, b] = rgb(brandColor());
  const samples = 4;
  const total = samples * samples;
  // The star is drawn in favicon units; a maskable icon shrinks it about the centre.
  const starScale = maskable ? 0.8 : 1;
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0 (none), then RGBA
    const background = new Uint8Array(size);
    const star = new Uint8Array(size);
    for (let sy = 0; sy < samples; sy++) {
      const y = ((py + (sy + 0.5) / samples) / size) * 32;
      const span = maskable ? [0, 32] : roundedSquareSpan(y, 8);
      if (!span) continue;
      const starCrossings = crossings(16 + (y - 16) / starScale, STAR);
      for (let px = 0; px < size; px++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 32;
          if (x < span[0] || x > span[1]) continue;
          background[px]++;
          if (isInside(16 + (x - 16) / starScale, starCrossings)) star[px]++;
        }
      }
    }
    for (let px = 0; px < size; px++) {
      const white = background[px] ? star[px] / background[px] : 0;
      const offset = 1 + px * 4;
      row[offset] = Math.round(r + (255 - r) * white);
      row[offset + 1] = Math.round(g + (255 - g) * white);
      row[offset + 2] = Math.round(b + (255 - b) * white);
      row[offset + 3] = Math.round((255 * background[px]) / total);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
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
      compilation.hooks.processAssets.tap(
        { name: 'WebAppManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { RawSource } = webpack.sources;
          compilation.emitAsset(MANIFEST_FILE, new RawSource(`${JSON.stringify(webAppManifest(), null, 2)}\n`));
          for (const { file, size, purpose } of ICONS) {
            compilation.emitAsset(file, new RawSource(iconPng(size, { maskable: purpose === 'maskable' })));
          }
        },
      );
    });
  }
}

module.exports = { brandColor, MANIFEST_FILE, ICONS, iconPng, webAppManifest, WebAppManifestPlugin };
