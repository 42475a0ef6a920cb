import {
  keptAnswerOf,
  readKeptAnswers,
  readKeptDrawing,
  widestWholeModule,
  type KeptAnswers,
} from '../api/kept-answers';
import { formatNumber } from '../i18n/format';

/**
 * Writes each kept figure (`KeptFigure`, shared/src/first-paint/bones.tsx) under `root` whose
 * answer was kept, in `language`'s digits and grouping. The page's first script runs it
 * (shell/src/pre-paint/theme-init.ts).
 */
export function fillKeptFigures(root: ParentNode, kept: KeptAnswers | undefined, language: string | null): void {
  if (!kept) return;
  for (const slot of root.querySelectorAll<HTMLElement>('[data-kept-query][data-kept-field]')) {
    let query: unknown;
    try {
      query = JSON.parse(slot.dataset.keptQuery ?? '');
    } catch {
      continue;
    }
    if (!Array.isArray(query)) continue;
    const answer = keptAnswerOf(kept, query);
    const value =
      answer && typeof answer === 'object'
        ? (answer as Record<string, unknown>)[slot.dataset.keptField ?? '']
        : undefined;
    if (typeof value === 'number' && Number.isFinite(value)) slot.textContent = formatNumber(value, language ?? '');
  }
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Draws each kept drawing (`KeptDrawing`, shared/src/first-paint/bones.tsx) under `root` that was
 * kept in `storage`: built afresh from its view box and paths, never from stored markup.
 */
export function fillKeptDrawings(root: ParentNode, storage: Storage | undefined, now: number): void {
  for (const slot of root.querySelectorAll<HTMLElement>('[data-kept-drawing]')) {
    const drawing = readKeptDrawing(storage, slot.dataset.keptDrawing ?? '', now);
    if (!drawing || slot.firstChild) continue;
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', drawing.viewBox);
    if (slot.dataset.keptWholePixels !== undefined) {
      // Bars a fraction of a pixel wide blur and do not scan: the drawing (one unit a module) is
      // widened by the widest whole-pixel module its box holds, at its own height, as the live
      // page draws it (member-codes.ts).
      const [, , width = 1, height = 0] = drawing.viewBox.split(' ').map(Number);
      svg.setAttribute('preserveAspectRatio', 'none');
      svg.style.width = `${widestWholeModule(slot.getBoundingClientRect().width, width) * width}px`;
      svg.style.height = `${height}px`;
    }
    for (const d of drawing.paths) {
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', d);
      path.setAttribute('fill-rule', 'evenodd');
      svg.appendChild(path);
    }
    slot.appendChild(svg);
  }
}

/** Fills every kept figure and drawing under `root` from what this tab keeps (`storage`). */
export function fillKept(root: ParentNode, storage: Storage | undefined, language: string | null, now = Date.now()) {
  fillKeptFigures(root, readKeptAnswers(storage, now), language);
  fillKeptDrawings(root, storage, now);
}
