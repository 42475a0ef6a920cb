import { readStoredSession } from '@loyalty/shared/session';
import type { Frame } from './frame-markup';

/** A page skeleton the edge wrote into the page, and the path it is the shape of. */
export interface PaintedSkeleton {
  frame: Frame;
  /** The skeleton's markup, as the remote's build rendered it: its kept figures and drawings empty. */
  html: string;
  /** The markup as the page painted it, the member's kept figures and drawings filled in (decision 077). */
  painted: string;
  /** The session that painted them: they are that session's alone. */
  paintedFor: string | null;
  path: string;
  exact: boolean;
}

/**
 * The page skeletons the HTML painted first (one per frame, decision 064), read from the document
 * before React replaces it. The shell holds no remote's page shape of its own: it shows these again
 * for the same pages while their code is on its way (a sign-in that lands on the dashboard finds
 * the dashboard's shape here, which the edge wrote in for a member).
 */
export function readPaintedSkeletons(root: ParentNode = document, head: Node = document.head): PaintedSkeleton[] {
  return [...root.querySelectorAll<HTMLElement>('.first-paint .fp-page[data-frame]')].flatMap((page) => {
    const skeleton = page.querySelector<HTMLElement>('.fp-skeleton[data-skeleton-path]');
    const frame = page.dataset.frame;
    if (!skeleton || (frame !== 'dashboard' && frame !== 'auth')) return [];
    // A skeleton's own rules move to the head once, where they stay: drawn again and again by React,
    // each <style> in the body would be a style sheet added and removed, and every time the whole
    // page's styles worked out anew (docs/performance-log.md, 2026-11-28).
    for (const style of page.querySelectorAll('style')) head.appendChild(style);
    // The member's kept figures and drawings, which the page's first script filled in, are that
    // member's: drawn again only while the same session is on (sign-out and another member's
    // sign-in change the token), and as the remote's build rendered it otherwise.
    const markup = page.cloneNode(true) as HTMLElement;
    for (const kept of markup.querySelectorAll('[data-kept-query], [data-kept-drawing]')) kept.textContent = '';
    return [
      {
        frame,
        html: markup.innerHTML,
        painted: page.innerHTML,
        paintedFor: readStoredSession().accessToken ?? null,
        path: skeleton.dataset.skeletonPath ?? '',
        exact: skeleton.dataset.skeletonExact !== undefined,
      },
    ];
  });
}

/** The markup to draw `skeleton` with now: as painted for this very session, else the remote's. */
export function skeletonMarkup(skeleton: Pick<PaintedSkeleton, 'html' | 'painted' | 'paintedFor'>): string {
  const token = readStoredSession().accessToken;
  return token && token === skeleton.paintedFor ? skeleton.painted : skeleton.html;
}

/** Whether a skeleton written for `path` (and every page under it, unless `exact`) is the shape of `pathname`. */
export function skeletonFits({ path, exact }: Pick<PaintedSkeleton, 'path' | 'exact'>, pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (trimmed === path) return true;
  return !exact && trimmed.startsWith(path === '/' ? '/' : `${path}/`);
}

// Read when the application is evaluated, before its first render replaces the HTML's frame.
const painted = typeof document === 'undefined' ? [] : readPaintedSkeletons();

/** The skeleton the HTML painted for `frame`, whatever page it is the shape of. */
export const paintedSkeletonOf = (frame: Frame): PaintedSkeleton | undefined =>
  painted.find((skeleton) => skeleton.frame === frame);

/** The skeleton the HTML painted that is the shape of `pathname` in `frame`, if there is one. */
export const paintedSkeletonFor = (frame: Frame, pathname: string): PaintedSkeleton | undefined => {
  const skeleton = paintedSkeletonOf(frame);
  return skeleton && skeletonFits(skeleton, pathname) ? skeleton : undefined;
};
