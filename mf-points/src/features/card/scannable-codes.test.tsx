import { screen } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { ScannableCodes } from './scannable-codes';
import { barcodeModuleWidth, memberBarcode, memberQrSvg } from './member-codes';

describe('the card’s codes', () => {
  it('draws the number as a QR code and a Code 128 barcode in SVG, each named by the number it holds', async () => {
    await renderWithProviders(<ScannableCodes memberNumber="712345678903" />, { namespaces: ['points'] });
    const qr = screen.getByRole('img', { name: /^QR code of member number 7123.4567.8903$/ });
    const barcode = screen.getByRole('img', { name: /^Barcode of member number 7123.4567.8903$/ });
    expect(qr.querySelector('svg path')).not.toBeNull();
    expect(barcode.querySelector('svg path')).not.toBeNull();
  });

  it('encodes the number itself: another number draws other codes, the same number the same', () => {
    expect(memberQrSvg('712345678903')).toBe(memberQrSvg('712345678903'));
    expect(memberQrSvg('712345678903')).not.toBe(memberQrSvg('712345678911'));
    expect(memberBarcode('712345678903', 2).svg).not.toBe(memberBarcode('712345678911', 2).svg);
    // A QR code of 12 digits is version 1: 21 modules plus the quiet zone a side.
    expect(memberQrSvg('712345678903')).toMatch(/viewBox="0 0 (\d+) \1"/);
  });

  it('draws whole-pixel bars, the widest that fit the box with their quiet zones', () => {
    const one = memberBarcode('712345678903', 1);
    // 12 digits in Code 128 set C: start, six pairs, check and stop (101 modules), ten either side.
    expect(one.width).toBe(121);
    expect(memberBarcode('712345678903', 3).width).toBe(363);
    expect(memberBarcode('712345678903', 3).svg).toMatch(/stroke-width="6"/);
    expect(barcodeModuleWidth('712345678903', 384)).toBe(3);
    expect(barcodeModuleWidth('712345678903', 300)).toBe(2);
    expect(barcodeModuleWidth('712345678903', 90)).toBe(1);
  });
});
