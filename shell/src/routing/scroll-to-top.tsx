import { useEffect } from 'react';
import { useLocation } from '@loyalty/shared/router';

/** docs/product/frame.md: the page scrolls to the top when the path changes (not when only the query does). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // A statement, not an expression: newer browsers return a promise from scrollTo, and React
    // would take a returned value for the effect's clean-up.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
