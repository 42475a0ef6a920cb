import { renderToStaticMarkup } from 'react-dom/server';
import { BONES_CSS } from '@loyalty/shared/first-paint';
import { FRAME_CSS } from './frame-css';
import { FrameMarkup, type Frame } from './frame-markup';

// What the shell's build writes for the first paint (webpack/first-paint/first-paint-plugin.cjs):
// run in Node at build time, never part of the page's scripts.

/** The frame's markup for index.html, with `pages` (HTML) in each frame's content area. */
export function frameHtml(pages: Partial<Record<Frame, string>>): string {
  return renderToStaticMarkup(<FrameMarkup pages={pages} />);
}

/** `first-paint.css`: the bones' vocabulary, then the frame. */
export const firstPaintCss = `${BONES_CSS.trim()}\n\n${FRAME_CSS.trim()}\n`;
