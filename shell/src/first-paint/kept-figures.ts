import { useLayoutEffect } from 'react';
import { fillKept } from '@loyalty/shared/pre-paint';

/**
 * Fills the kept figures and drawings of the painted page drawn in `container()` from the answers kept in this
 * tab, as the page's first script did (decision 064): drawn again while a page's code is on its
 * way, the page's shape shows the member's figures as it did at the first paint. Kept answers go
 * with the session, so after a sign-out the figures stay bones. In the page's language, which the
 * application keeps on <html>: drawn as a fallback while code loads, this must not wait for texts.
 */
export function useKeptFigures(container: () => ParentNode | null | undefined, signedIn: boolean): void {
  useLayoutEffect(() => {
    const root = container();
    if (signedIn && root) fillKept(root, sessionStorage, document.documentElement.lang);
  });
}
