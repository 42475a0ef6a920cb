import { renderToStaticMarkup } from 'react-dom/server';
import { KEPT_BARCODE, KEPT_QR } from '../features/card/kept-drawings';
import { CardSkeleton } from './card-skeleton';

test("the card page's first paint has room for both kept codes, the barcode's at whole pixels a module", () => {
  document.body.innerHTML = renderToStaticMarkup(<CardSkeleton />);
  const qr = document.querySelector<HTMLElement>(`[data-kept-drawing="${KEPT_QR}"]`);
  const barcode = document.querySelector<HTMLElement>(`[data-kept-drawing="${KEPT_BARCODE}"]`);
  expect(qr?.dataset.keptWholePixels).toBeUndefined();
  expect(barcode?.dataset.keptWholePixels).toBe('');
  // Under the QR code, in the codes' white box, as the page draws it.
  expect(barcode?.closest('.fp-codes')).toBe(qr?.closest('.fp-codes'));
  expect(qr!.compareDocumentPosition(barcode!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
