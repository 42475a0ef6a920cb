import { code128, drawingSVG, qrcode } from 'bwip-js/browser';
import { widestWholeModule } from '@loyalty/shared/api/query-client';

/**
 * The member number as a QR code and a Code 128 barcode, drawn as SVG by bwip-js (the Barcode
 * Writer in Pure PostScript, ported): vectors stay crisp at any size on a phone held up at a desk.
 * Only the two encoders are imported, so the rest of the library's hundred symbologies stay out of
 * the page's code. Desk scanners read both; the QR also suits phone cameras.
 */
export function memberQrSvg(memberNumber: string): string {
  return qrSvg(memberNumber);
}

/** Any short text (a member number, a voucher code) as a QR code a desk scanner or a phone reads. */
export function qrSvg(text: string): string {
  // BWIPP's default error correction for QR is M: a scratched or glare-struck screen still reads.
  // The padding is the quiet zone scanners need around the code.
  return qrcode({ bcid: 'qrcode', text, scale: 1, paddingwidth: 4, paddingheight: 4 }, drawingSVG());
}

/** A Code 128 drawing and its size in CSS pixels, one pixel per unit of its viewBox. */
export interface BarcodeDrawing {
  svg: string;
  width: number;
  height: number;
}

// About 80 CSS px tall: bwip-js takes the bars' height in millimetres at 72 units an inch.
const BAR_HEIGHT_MM = 28;
// The quiet zone either side, in modules: Code 128 asks for ten.
const QUIET_ZONE_MODULES = 10;

/**
 * The member number as a Code 128 barcode whose narrowest bar is `moduleWidth` whole pixels wide.
 * Drawn at its own size, never stretched: a bar stretched to 1.5 px blurs into its neighbours on an
 * ordinary screen, and a scanner reads nothing.
 */
export function memberBarcode(memberNumber: string, moduleWidth: number): BarcodeDrawing {
  // The digits are printed by the page under the bars, in its own font, not drawn into the SVG.
  const svg = code128(
    {
      bcid: 'code128',
      text: memberNumber,
      height: BAR_HEIGHT_MM,
      scaleX: moduleWidth,
      scaleY: 1,
      includetext: false,
      paddingwidth: QUIET_ZONE_MODULES,
    },
    drawingSVG(),
  );
  const [, width = 0, height = 0] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)?.map(Number) ?? [];
  return { svg, width, height };
}

/**
 * The widest whole-pixel module that keeps the barcode, quiet zones included, inside a box
 * `boxWidth` CSS px wide (one pixel at least): the same rule the first paint draws the kept
 * barcode by, so the two are the same size.
 */
export function barcodeModuleWidth(memberNumber: string, boxWidth: number): number {
  return widestWholeModule(boxWidth, memberBarcode(memberNumber, 1).width);
}
