import { spawnSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import mark from '../../shell/src/layouts/logo-mark.json';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS module
const install = require('./web-app-manifest.cjs') as {
  brandColor(): string;
  FAVICON_FILE: string;
  iconSvg(options?: { maskable?: boolean }): string;
  ICONS: Array<{ file: string; size: number; purpose: string }>;
  iconPng(size: number, options?: { maskable?: boolean }): Promise<Buffer>;
  manifestFile(language: string): string;
  webAppManifest(language?: string): {
    lang: string;
    dir: string;
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    shortcuts: Array<{ name: string; url: string }>;
  };
};

/** The shell's webpack configuration, as far as the page's plugin goes. */
type ShellConfig = (
  env: object,
  argv: { mode: string },
) => { plugins: Array<{ constructor: { name: string }; userOptions?: { meta?: object } } | false> };

/** Width, height and the RGBA pixels of a PNG the build wrote, as an image reader sees them. */
async function decodePng(
  png: Buffer,
): Promise<{ width: number; height: number; pixel(x: number, y: number): number[] }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info.format).toBe('raw');
  const { width, height, channels } = info;
  return {
    width,
    height,
    pixel: (x, y) => [...data.subarray((y * width + x) * channels, (y * width + x + 1) * channels)],
  };
}

const brand = [1, 3, 5].map((start) => parseInt(install.brandColor().slice(start, start + 2), 16));

describe('the web app manifest', () => {
  const manifest = install.webAppManifest();

  it('installs the portal standalone, opening on the dashboard in the brand colour', () => {
    expect(manifest).toMatchObject({
      name: 'Loyalty Rewards',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: install.brandColor(),
    });
  });

  it.each([
    ['en', 'ltr', 'Rewards', 'Membership card'],
    ['fr', 'ltr', 'Récompenses', 'Carte de membre'],
    ['ar', 'rtl', 'المكافآت', 'بطاقة العضوية'],
  ])('says it in %s (%s): a phone adds the portal under names the member reads', (language, dir, short, card) => {
    const translated = install.webAppManifest(language);
    expect(translated).toMatchObject({ lang: language, dir, short_name: short, start_url: '/dashboard' });
    expect(translated.shortcuts[0]).toMatchObject({ name: card, url: '/dashboard/card' });
    expect(install.manifestFile(language)).toBe(`manifest.${language}.webmanifest`);
  });

  it('puts the membership card one tap from the home screen', () => {
    expect(manifest.shortcuts).toEqual([expect.objectContaining({ name: 'Membership card', url: '/dashboard/card' })]);
  });

  it('names the icons installers ask for: 192 and 512 pixels, and a maskable one', () => {
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.icons.every(({ type, src }) => type === 'image/png' && src.startsWith('/icons/'))).toBe(true);
  });
});

describe('the icons', () => {
  it.each(install.ICONS)('$file is a $size-pixel PNG: a white star on the brand colour', async ({ size, purpose }) => {
    const png = await install.iconPng(size, { maskable: purpose === 'maskable' });
    expect((await sharp(png).metadata()).format).toBe('png');
    const icon = await decodePng(png);
    expect([icon.width, icon.height]).toEqual([size, size]);
    // The star's middle, and the colour between the star and the edge.
    expect(icon.pixel(size / 2, size / 2)).toEqual([255, 255, 255, 255]);
    expect(icon.pixel(size / 2, Math.round(size * 0.9))).toEqual([...brand, 255]);
    // A maskable icon is filled to its corners; the other has the favicon's rounded, clear corners.
    if (purpose === 'maskable') expect(icon.pixel(0, 0)).toEqual([...brand, 255]);
    else expect(icon.pixel(0, 0)[3]).toBe(0);
  });
});

// The brand colour is the theme's: the favicon, the page's theme-color, the manifest and the logo
// (the header's and the painted frame's, through the palette's variable) take it from there.
describe('the brand colour, written once', () => {
  const repoRoot = path.resolve(__dirname, '..', '..');

  it("the favicon is the header's mark on the brand colour", () => {
    expect(install.iconSvg()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
        `<rect width="32" height="32" rx="8" fill="${install.brandColor()}"/><path d="${mark.star}" fill="#fff"/></svg>`,
    );
    expect(install.FAVICON_FILE).toBe('favicon.svg');
  });

  it("the shell's page names the brand colour as its theme-color", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the shell's CommonJS configuration
    const config = (require(path.join(repoRoot, 'shell', 'webpack.config.cjs')) as ShellConfig)(
      {},
      { mode: 'production' },
    );
    const page = config.plugins.find((plugin) => plugin?.constructor.name === 'HtmlWebpackPlugin');
    expect(page?.userOptions?.meta).toEqual({ 'theme-color': install.brandColor() });
  });

  it('no file of the repository but the docs writes the colour itself', () => {
    const listed = spawnSync('git', ['grep', '-i', '-l', '-F', install.brandColor(), '--', '.', ':!docs'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(listed.stderr).toBe('');
    expect(listed.stdout.split('\n').filter(Boolean)).toEqual([]);
  });
});
