import { fillKept, fillKeptFigures } from './kept-figures';
import { drawingOf, readKeptAnswers } from '../api/kept-answers';

const BALANCE = ['points', 'balance'];

function slot(query: string, field = 'pointBalance'): HTMLElement {
  const element = document.createElement('span');
  element.dataset.keptQuery = query;
  element.dataset.keptField = field;
  document.body.append(element);
  return element;
}

const kept = (data: unknown, keptAt = Date.now()) => ({
  keptAt,
  state: { queries: [{ queryKey: BALANCE, state: { data } }] },
});

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

test("fills a figure in the member's language, and only a number of the query it names", () => {
  const balance = slot(JSON.stringify(BALANCE));
  const otherQuery = slot(JSON.stringify(['points', 'pending']));
  const notANumber = slot(JSON.stringify(BALANCE), 'tier');
  const broken = slot('{not json');
  fillKeptFigures(document, kept({ pointBalance: 1234567, tier: 'gold' }), 'fr');
  expect(balance.textContent).toBe(new Intl.NumberFormat('fr-FR').format(1234567));
  for (const empty of [otherQuery, notANumber, broken]) expect(empty).toBeEmptyDOMElement();
  // A kept state of another shape paints nothing, and breaks nothing.
  for (const state of [null, { queries: {} }, { queries: [null] }]) {
    expect(() => fillKeptFigures(document, { keptAt: Date.now(), state } as never, 'en')).not.toThrow();
  }
});

test('reads nothing that is old, broken or foreign from the tab', () => {
  const now = Date.now();
  sessionStorage.setItem('offlineAnswers', JSON.stringify(kept({ pointBalance: 5 }, now - 25 * 60 * 60 * 1000)));
  expect(readKeptAnswers(sessionStorage, now)).toBeUndefined();
  sessionStorage.setItem('offlineAnswers', '{"keptAt":');
  expect(readKeptAnswers(sessionStorage, now)).toBeUndefined();
  sessionStorage.setItem('offlineAnswers', JSON.stringify({ state: {} }));
  expect(readKeptAnswers(sessionStorage, now)).toBeUndefined();
  sessionStorage.setItem('offlineAnswers', JSON.stringify(kept({ pointBalance: 5 }, now - 1000)));
  const figure = slot(JSON.stringify(BALANCE));
  fillKeptFigures(document, readKeptAnswers(sessionStorage, now), null);
  expect(figure.textContent).toBe('5');
});

describe('kept drawings', () => {
  const QR =
    '<svg viewBox="0 0 50 50" xmlns="http://www.w3.org/2000/svg">\n<path d="M4 46L18 46L18 32L4 32Z" fill-rule="evenodd" />\n</svg>';

  function drawingSlot(name = 'member-qr'): HTMLElement {
    const element = document.createElement('span');
    element.dataset.keptDrawing = name;
    document.body.append(element);
    return element;
  }

  const keepRaw = (state: unknown, keptAt = Date.now()) =>
    sessionStorage.setItem('keptDrawings', JSON.stringify({ keptAt, state }));

  it('draws the kept view box and paths afresh, as SVG elements', () => {
    keepRaw({ 'member-qr': drawingOf(QR) });
    const slot = drawingSlot();
    fillKept(document, sessionStorage, 'en');
    const svg = slot.querySelector('svg')!;
    expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(svg.getAttribute('viewBox')).toBe('0 0 50 50');
    expect(svg.querySelector('path')?.getAttribute('d')).toBe('M4 46L18 46L18 32L4 32Z');
    // Drawn once, whatever the calls.
    fillKept(document, sessionStorage, 'en');
    expect(slot.querySelectorAll('svg')).toHaveLength(1);
  });

  it('draws nothing but paths: markup, scripts or attributes put in the tab are refused', () => {
    expect(drawingOf('<svg viewBox="0 0 5 5"><script>alert(1)</script></svg>')).toBeUndefined();
    keepRaw({
      'member-qr': { viewBox: '0 0 5 5', paths: ['M0 0" onload="alert(1)'] },
      other: { viewBox: '0 0 5 5"><script>', paths: ['M0 0L1 1Z'] },
    });
    const [qr, other] = [drawingSlot(), drawingSlot('other')];
    fillKept(document, sessionStorage, 'en');
    expect(qr).toBeEmptyDOMElement();
    expect(other).toBeEmptyDOMElement();
  });

  it('draws nothing older than the answers may be, or of another name', () => {
    keepRaw({ 'member-qr': drawingOf(QR) }, Date.now() - 25 * 60 * 60 * 1000);
    const old = drawingSlot();
    fillKept(document, sessionStorage, 'en');
    expect(old).toBeEmptyDOMElement();
    keepRaw({ voucher: drawingOf(QR) });
    fillKept(document, sessionStorage, 'en');
    expect(old).toBeEmptyDOMElement();
  });

  // How the codes' library draws a linear barcode: upright lines stroked as wide as each bar.
  const BARS =
    '<svg viewBox="0 0 121 80" xmlns="http://www.w3.org/2000/svg">\n' +
    '<path stroke="#000000" stroke-width="2" d="M11 80L11 0M25 80L25 0" />\n' +
    '<path stroke="#000000" stroke-width="1" d="M13.50 80L13.50 0" />\n</svg>';

  it("keeps a barcode's stroked bars as the filled rectangles they paint, and nothing slanted", () => {
    expect(drawingOf(BARS)).toEqual({
      viewBox: '0 0 121 80',
      paths: ['M10 0H12V80H10ZM24 0H26V80H24Z', 'M13 0H14V80H13Z'],
    });
    expect(drawingOf(BARS.replace('M25 80L25 0', 'M25 80L30 0'))).toBeUndefined();
    expect(drawingOf(BARS.replace('M25 80L25 0', 'M25 80L25 0C1 2 3 4 5 6'))).toBeUndefined();
    expect(drawingOf(BARS.replace('stroke-width="2"', 'stroke-width="wide"'))).toBeUndefined();
  });

  it('draws bars at the widest whole-pixel module their box holds, at their own height', () => {
    keepRaw({ 'member-barcode': drawingOf(BARS), 'member-qr': drawingOf(QR) });
    const slotOf = (boxWidth: number) => {
      const slot = drawingSlot('member-barcode');
      slot.dataset.keptWholePixels = '';
      jest.spyOn(slot, 'getBoundingClientRect').mockReturnValue({ width: boxWidth } as DOMRect);
      return slot;
    };
    const [wide, between, narrow] = [slotOf(384), slotOf(362.9), slotOf(90)];
    const qr = drawingSlot();
    fillKept(document, sessionStorage, 'en');
    const sizes = [wide, between, narrow].map((slot) => {
      const svg = slot.querySelector('svg')!;
      expect(svg.getAttribute('preserveAspectRatio')).toBe('none');
      return [svg.style.width, svg.style.height];
    });
    // Three pixels a module fit 384 px (363), not 362.9; one at least where none fits.
    expect(sizes).toEqual([
      ['363px', '80px'],
      ['242px', '80px'],
      ['121px', '80px'],
    ]);
    // A drawing that fills its box (the QR code) is left to the box.
    expect(qr.querySelector('svg')!.style.width).toBe('');
  });
});
