/**
 * Where the member's last answers are kept on the device, and how they are read back without the
 * query library: the page's scripts before main.js read them (the kept figures of the first paint)
 * as well as the application (offline-answers.ts writes and restores them).
 */
export const OFFLINE_ANSWERS_KEY = 'offlineAnswers';
/** Where the drawings of the member's codes are kept beside them (the card page's QR code). */
export const KEPT_DRAWINGS_KEY = 'keptDrawings';

/** Answers kept longer than this are not restored. */
export const KEPT_AT_MOST_MS = 24 * 60 * 60 * 1000;

/** What is kept: the query library's dehydrated state, and when it was written. */
export interface KeptAnswers<State = KeptState> {
  keptAt: number;
  state: State;
}

interface KeptState {
  queries?: { queryKey: readonly unknown[]; state: { data?: unknown } }[];
}

/**
 * The answers kept in `storage`, or undefined when there are none, they are older than
 * KEPT_AT_MOST_MS, or they cannot be read (the caller decides whether to forget them).
 */
export function readKeptAnswers(storage: Storage | undefined, now: number): KeptAnswers | undefined {
  const raw = storage?.getItem(OFFLINE_ANSWERS_KEY);
  if (!raw) return undefined;
  try {
    const kept = JSON.parse(raw) as KeptAnswers;
    if (typeof kept.keptAt !== 'number' || now - kept.keptAt > KEPT_AT_MOST_MS) return undefined;
    return kept;
  } catch {
    return undefined;
  }
}

/** The kept answer of the query `queryKey`, if one was kept. */
export function keptAnswerOf(kept: KeptAnswers | undefined, queryKey: readonly unknown[]): unknown {
  const wanted = JSON.stringify(queryKey);
  const queries: unknown = kept?.state?.queries;
  if (!Array.isArray(queries)) return undefined;
  return (queries as NonNullable<KeptState['queries']>).find((query) => JSON.stringify(query?.queryKey) === wanted)
    ?.state?.data;
}

/** An SVG drawing kept to be drawn again: its view box and its paths, nothing else of the markup. */
export interface KeptDrawing {
  viewBox: string;
  paths: string[];
}

const VIEW_BOX = /^[\d.]+ [\d.]+ [\d.]+ [\d.]+$/;
// A path of straight lines and moves, as the codes' library draws them: nothing that is not one.
const PATH = /^[MLHVZmlhvz\d., -]+$/;

/** A drawing as kept, from the SVG markup the codes' library drew; undefined if it is not one. */
export function drawingOf(svg: string): KeptDrawing | undefined {
  const viewBox = /<svg[^>]*\sviewBox="([^"]*)"/.exec(svg)?.[1];
  const paths = [...svg.matchAll(/<path\s([^>]*)>/g)].map(([, attributes = '']) => {
    const d = /(?:^|\s)d="([^"]*)"/.exec(attributes)?.[1] ?? '';
    const strokeWidth = /(?:^|\s)stroke-width="([^"]*)"/.exec(attributes)?.[1];
    return strokeWidth === undefined ? d : barsOf(d, Number(strokeWidth));
  });
  return isDrawing({ viewBox, paths }) ? { viewBox: viewBox!, paths } : undefined;
}

const LINE = /M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g;

/**
 * A barcode's bars, which the codes' library strokes as upright lines `width` wide, as the filled
 * rectangles they paint: one kind of path to keep and draw again. Anything else is not a bar ('').
 */
function barsOf(d: string, width: number): string {
  if (!(width > 0) || d.replace(LINE, '') !== '') return '';
  const bars = [...d.matchAll(LINE)].map((line) => {
    const [x, top, otherX, bottom] = line.slice(1).map(Number) as [number, number, number, number];
    if (x !== otherX) return '';
    const [left, right] = [x - width / 2, x + width / 2].map((edge) => Number(edge.toFixed(3)));
    return `M${left} ${Math.min(top, bottom)}H${right}V${Math.max(top, bottom)}H${left}Z`;
  });
  return bars.includes('') ? '' : bars.join('');
}

function isDrawing(value: unknown): value is KeptDrawing {
  const drawing = value as Partial<KeptDrawing> | null;
  return (
    typeof drawing?.viewBox === 'string' &&
    VIEW_BOX.test(drawing.viewBox) &&
    Array.isArray(drawing.paths) &&
    drawing.paths.length > 0 &&
    drawing.paths.every((path) => typeof path === 'string' && PATH.test(path))
  );
}

/**
 * The module, in whole CSS pixels, of bars `width` px wide at one pixel a module (quiet zones
 * included) in a box `boxWidth` px wide: the widest that fits, one at least. The card page draws
 * its barcode at it, and the first paint the kept one (`KeptDrawing` with `wholePixels`), so the
 * two are the same size in the same box.
 */
export function widestWholeModule(boxWidth: number, width: number): number {
  return Math.max(1, Math.floor(boxWidth / width));
}

/** The drawing kept under `name`, if a fresh and well-formed one was (the same age limit as answers). */
export function readKeptDrawing(storage: Storage | undefined, name: string, now: number): KeptDrawing | undefined {
  try {
    const kept = JSON.parse(storage?.getItem(KEPT_DRAWINGS_KEY) ?? 'null') as KeptAnswers<
      Record<string, unknown>
    > | null;
    if (!kept || typeof kept.keptAt !== 'number' || now - kept.keptAt > KEPT_AT_MOST_MS) return undefined;
    const drawing = kept.state?.[name];
    return isDrawing(drawing) ? drawing : undefined;
  } catch {
    return undefined;
  }
}
