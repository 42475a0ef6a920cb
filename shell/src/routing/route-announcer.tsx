import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@loyalty/shared/router';
import { VisuallyHidden } from '@loyalty/shared/ui';

/**
 * Tells screen readers the name of the page a navigation opened, as a page load would: a
 * single-page app changes its address without one. The name is the document's title, which each
 * page's heading sets (`PageHeading`), often after its code has arrived; so the title is watched
 * rather than read when the path changes. Titles before the first navigation are the page load's
 * own, which a screen reader has read already.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [firstPathname] = useState(pathname);
  const navigated = useRef(false);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    // The page's new title is observed after this: MutationObserver reports once the commit's
    // effects have all run.
    if (pathname !== firstPathname) navigated.current = true;
  }, [pathname, firstPathname]);

  useEffect(() => {
    const title = document.querySelector('title');
    if (!title) return undefined;
    const observer = new MutationObserver(() => {
      if (navigated.current) setAnnouncement(document.title);
    });
    observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  return (
    // A status is a polite live region read whole: the new name once the member's current speech ends.
    <VisuallyHidden role="status" aria-atomic="true">
      {announcement}
    </VisuallyHidden>
  );
}
