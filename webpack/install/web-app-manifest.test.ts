import zlib from 'node:zlib';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS module
const install = require('./web-app-manifest.cjs') as {
  brandColor(): string;
  ICONS: Array<{ file: string; size: number; purpose: string }>;
  iconPng(size: number, options?: { maskable?: boolean }): Buffer;
  webAppManifest(): {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    shortcuts: Array<{ name: string; url: string }>;
  };
};

/** Width, height and the RGBA pixels of a PNG the build wrote (8-bit RGBA, no filtering). */
function decodePng(png: Buffer): { width: number; height: number; pixel(x: number, y: number): number[] } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: Record<string, Buffer[]> = {};
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(zlib.crc32(png.subarray(offset + 4, offset + 8 + length)));
    (chunks[type] ??= []).push(data);
    offset += 12 + length;
  }
  const header = chunks.IHDR![0]!;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const pixels = zlib.inflateSync(Buffer.concat(chunks.IDAT!));
  expect(pixels.length).toBe(height * (1 + width * 4));
  return {
    width,
    height,
    pixel: (x, y) => [...pixels.subarray(y * (1 + width * 4) + 1 + x * 4, y * (1 + width * 4) + 5 + x * 4)],
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
  it.each(install.ICONS)('$file is a $size-pixel PNG: a white star on the brand colour', ({ size, purpose }) => {
    const icon = decodePng(install.iconPng(size, { maskable: purpose === 'maskable' }));
    expect([icon.width, icon.height]).toEqual([size, size]);
    // The star's middle, and the colour between the star and the edge.
    expect(icon.pixel(size / 2, size / 2)).toEqual([255, 255, 255, 255]);
    expect(icon.pixel(size / 2, Math.round(size * 0.9))).toEqual([...brand, 255]);
    // A maskable icon is filled to its corners; the other has the favicon's rounded, clear corners.
    expect(icon.pixel(0, 0)).toEqual(purpose === 'maskable' ? [...brand, 255] : [brand[0], brand[1], brand[2], 0]);
  });
});
