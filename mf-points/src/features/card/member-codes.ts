import { code128, drawingSVG, qrcode } from 'bwip-js/browser';

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

export function memberBarcodeSvg(memberNumber: string): string {
  // The digits are printed by the page under the bars, in its own font, not drawn into the SVG.
  return code128(
    { bcid: 'code128', text: memberNumber, height: 18, scale: 1, includetext: false, paddingwidth: 10 },
    drawingSVG(),
  );
}
