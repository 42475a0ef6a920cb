import type { ComponentType } from 'react';

/**
 * One entry of a remote's page skeletons (`src/first-paint.tsx`, `pageSkeletons`): the shape of
 * its page at `path` (and, unless `exact`, of every page under it), rendered to HTML by the
 * remote's build (`first-paint.json` and `first-paint/*.html` beside its entry). The edge writes
 * the one for the page it serves into the shell's page, so the page's shape paints before any
 * script (decision 064). A path outside the remote's mount is refused by the edge.
 */
export interface PageSkeleton {
  /** An absolute path of the portal (`paths` of `@loyalty/shared/router`). */
  path: string;
  /** Only that page; otherwise that page and every page under it, the most particular path winning. */
  exact?: boolean;
  /** Plain markup with the bones' vocabulary and its own `SkeletonStyle`: no hooks, no Chakra, no text. */
  Skeleton: ComponentType;
}
