// Unicode's direction marks, embeddings and isolates (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
// They are invisible: they order a line's text on screen and mean nothing anywhere else. They come
// along when a reference is copied out of right-to-left text (an Arabic e-mail, or the portal's own
// Arabic pages, which isolate booking ids), and the portal's texts carry them where they are
// isolated for display (`isolate` in `@loyalty/shared/i18n`).
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text without its invisible direction controls. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
