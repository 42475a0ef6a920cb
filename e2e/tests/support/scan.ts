import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator } from '@playwright/test';
import { PNG } from 'pngjs';
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';

// The decoder's WebAssembly from the package itself: by default it would be fetched from a CDN.
prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(createRequire(__filename).resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer,
  },
});

/**
 * What a scanner reads from `code` as the screen shows it: one device pixel per CSS pixel, no
 * second tries (no rotation, inversion or downscaling), as a desk scanner pointed at a phone.
 * Undefined when nothing decodes.
 */
export async function scan(code: Locator, format: ReadInputBarcodeFormat): Promise<string | undefined> {
  const png = PNG.sync.read(await code.screenshot({ scale: 'device' }));
  const [read] = await readBarcodes(
    { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height, colorSpace: 'srgb' },
    { formats: [format], tryHarder: false, tryRotate: false, tryInvert: false, tryDownscale: false },
  );
  return read?.text;
}
