import type { i18n as I18n, PostProcessorModule } from 'i18next';
import { directionOf } from './languages';
import { withoutBidiControls } from '../text/bidi-controls';

/**
 * A text set apart from what surrounds it with Unicode's first-strong isolate (U+2068 … U+2069):
 * inside, the text reads in the direction of its first letter; outside, it is one unit that the
 * line places as its own direction says. Invisible, and harmless where the two directions agree.
 *
 * Used for left-to-right tokens inside Arabic (`BK-0003: 700 نقطة` would otherwise join the id, the
 * colon and the number into one left-to-right run, and read in the wrong order), and for whole texts
 * when the page is set in the other direction than its language (`inReadingOrder`).
 */
export function isolate(token: string): string {
  return `\u2068${token}\u2069`;
}

/** The i18next event on which every `useTranslation` renders its texts again. */
export const PAGE_DIRECTION_CHANGED = 'pageDirectionChanged';

/** The page's direction, as `<html dir>` last said (docs/product/frame.md: the member may choose either). */
let pageDirection: string = typeof document === 'undefined' ? '' : document.documentElement.dir;

/**
 * `text` as it reads in `language`, on a page set in either direction. The direction is a setting
 * of its own (docs/product/frame.md, "Languages and direction"): English can be laid out right to left, Arabic left to right. The layout then
 * mirrors, and so does each line's base direction, so the browser's bidi rules would move a
 * sentence's end punctuation and its numbers to the other end ("?Earned points on a booking",
 * "points 700"). Isolated, the text keeps its own reading order, while the line's alignment still
 * follows the page.
 */
export function inReadingOrder(text: string, language: string): string {
  const direction = directionOf(language);
  const againstPage = (pageDirection === 'ltr' || pageDirection === 'rtl') && pageDirection !== direction;
  return againstPage && !readsAlone(text, direction) ? isolate(text) : text;
}

const RIGHT_TO_LEFT_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const LETTER = /\p{L}/u;

/**
 * Whether a text already reads in its own order on a line of the other direction: when it starts
 * and ends with a letter of its own direction and holds none of the other, the browser's bidi rules
 * keep it whole ("Sign in" on a right-to-left page). Only the others are isolated, so the invisible
 * isolates stay out of the many short texts that name buttons and links.
 */
function readsAlone(text: string, direction: 'ltr' | 'rtl'): boolean {
  const ownLetter = (character: string | undefined) =>
    character !== undefined && LETTER.test(character) && RIGHT_TO_LEFT_LETTER.test(character) === (direction === 'rtl');
  const characters = [...text];
  return (
    ownLetter(characters[0]) &&
    ownLetter(characters.at(-1)) &&
    characters.every((character) => !LETTER.test(character) || ownLetter(character))
  );
}

/**
 * A text as an accessible name or the tab's title: `aria-label`, `aria-valuetext`, `document.title`.
 * Those are read out or shown by the browser, never laid out in a line of the page, so the isolates
 * that keep a text's reading order on screen (`inReadingOrder`, `isolate`) are only noise there.
 */
export const accessibleText = withoutBidiControls;

/** Every translated text in reading order (`inReadingOrder`), as i18next hands it out. */
export const readingOrderPostProcessor: PostProcessorModule = {
  type: 'postProcessor',
  name: 'readingOrder',
  process(value, _key, options, translator: { language?: string }) {
    return inReadingOrder(value, options.lng ?? translator.language ?? '');
  },
};

/**
 * Follows `<html dir>`: when the member turns the page's direction, the texts already on screen are
 * rendered again (react-i18next listens to `PAGE_DIRECTION_CHANGED`, i18n-instance.ts), so that each
 * is isolated, or not, for the new direction.
 */
export function followPageDirection(i18n: I18n): void {
  if (typeof document === 'undefined' || typeof MutationObserver === 'undefined') return;
  const root = document.documentElement;
  new MutationObserver(() => {
    if (root.dir === pageDirection) return;
    pageDirection = root.dir;
    i18n.emit(PAGE_DIRECTION_CHANGED);
  }).observe(root, { attributes: true, attributeFilter: ['dir'] });
}
