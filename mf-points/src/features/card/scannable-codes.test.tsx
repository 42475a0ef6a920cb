import { screen } from '@testing-library/react';
import { fakeToken, renderWithProviders, TEST_USER } from '@loyalty/shared/testing';
import { fillKept } from '@loyalty/shared/pre-paint';
import { sessionStore } from '@loyalty/shared/session';
import '../../routes';
import { ScannableCodes } from './scannable-codes';
import { KEPT_BARCODE, KEPT_QR } from './kept-drawings';
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

  describe('kept for the next first paint', () => {
    beforeEach(() => {
      sessionStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) + 600));
      sessionStore.setState({ status: 'authenticated', user: TEST_USER });
    });
    afterEach(() => {
      sessionStore.getState().clear();
      sessionStorage.clear();
    });

    /**
     * The first paint's slot of a kept drawing in a box `boxWidth` px wide, filled as theme-init.js
     * fills it: the barcode's at whole pixels a module, as the card's skeleton asks.
     */
    function paint(name: string, boxWidth: number): SVGSVGElement | null {
      const slot = document.createElement('span');
      slot.dataset.keptDrawing = name;
      if (name === KEPT_BARCODE) slot.dataset.keptWholePixels = '';
      jest.spyOn(slot, 'getBoundingClientRect').mockReturnValue({ width: boxWidth } as DOMRect);
      document.body.append(slot);
      fillKept(document, sessionStorage, 'en');
      slot.remove();
      return slot.querySelector('svg');
    }

    /** The bars' left and right edges, in the drawing's units, from the left. */
    function barEdges(rectangles: string[]): number[][] {
      return rectangles
        .flatMap((d) => [...d.matchAll(/M([\d.]+) [\d.]+H([\d.]+)/g)])
        .map(([, left, right]) => [Number(left), Number(right)])
        .sort(([a = 0], [b = 0]) => a - b);
    }

    it('paints the barcode the size the page draws it in the same box, whatever the box', async () => {
      await renderWithProviders(<ScannableCodes memberNumber="712345678903" />, { namespaces: ['points'] });
      // A phone, a phone turned sideways, the desktop's column, and a box narrower than one pixel a module.
      for (const boxWidth of [335, 384, 280.5, 90]) {
        const live = memberBarcode('712345678903', barcodeModuleWidth('712345678903', boxWidth));
        const painted = paint(KEPT_BARCODE, boxWidth);
        expect([painted?.style.width, painted?.style.height]).toEqual([`${live.width}px`, `${live.height}px`]);
      }
      expect(paint(KEPT_QR, 224)).not.toBeNull();
    });

    it('paints the bars at the very places the page draws them', async () => {
      await renderWithProviders(<ScannableCodes memberNumber="712345678903" />, { namespaces: ['points'] });
      const painted = paint(KEPT_BARCODE, 121)!;
      // The page's own drawing at one pixel a module: each stroked line a bar as wide as its stroke.
      const live = [...memberBarcode('712345678903', 1).svg.matchAll(/stroke-width="(\d+)" d="([^"]*)"/g)].flatMap(
        ([, width, d = '']) =>
          [...d.matchAll(/M([\d.]+) /g)].map(([, x]) => {
            const [left, right] = [Number(x) - Number(width) / 2, Number(x) + Number(width) / 2];
            return `M${left} 0H${right}`;
          }),
      );
      const paintedEdges = barEdges([...painted.querySelectorAll('path')].map((path) => path.getAttribute('d') ?? ''));
      // Start, six pairs of digits, check (three bars each) and stop (four).
      expect(paintedEdges).toHaveLength(28);
      expect(paintedEdges).toEqual(barEdges(live));
    });

    it('is forgotten, both codes, when the session ends', async () => {
      await renderWithProviders(<ScannableCodes memberNumber="712345678903" />, { namespaces: ['points'] });
      expect(paint(KEPT_BARCODE, 384)).not.toBeNull();
      sessionStore.getState().clear('logout');
      expect(paint(KEPT_BARCODE, 384)).toBeNull();
      expect(paint(KEPT_QR, 224)).toBeNull();
    });
  });
});
