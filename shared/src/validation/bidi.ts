// Unicode's direction marks, embeddings and isolates (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
// They are invisible, and come along when a reference is copied out of right-to-left text: an
// Arabic e-mail, or the portal's own Arabic pages, which isolate booking ids (`isolate` in
// `@loyalty/shared/i18n`). A pasted `\u2068BK-0003\u2069` must still be BK-0003.
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text without the invisible direction controls a copy from right-to-left text carries. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
