/**
 * The names the card page keeps its codes' drawings under, and its skeleton paints them from
 * (decision 077).
 */
export const KEPT_QR = 'member-qr';
export const KEPT_BARCODE = 'member-barcode';
