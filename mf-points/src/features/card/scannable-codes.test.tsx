import { screen } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { ScannableCodes } from './scannable-codes';
import { memberBarcodeSvg, memberQrSvg } from './member-codes';

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
    expect(memberBarcodeSvg('712345678903')).not.toBe(memberBarcodeSvg('712345678911'));
    // A QR code of 12 digits is version 1: 21 modules plus the quiet zone a side.
    expect(memberQrSvg('712345678903')).toMatch(/viewBox="0 0 (\d+) \1"/);
  });
});
