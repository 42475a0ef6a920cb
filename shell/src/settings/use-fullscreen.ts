import { useCallback, useEffect, useState } from 'react';

/** Whether the page is fullscreen, and a toggle (docs/product/frame.md: "Fullscreen" / "Exit Fullscreen"). */
export function useFullscreen(): { isFullscreen: boolean; toggle: () => void; supported: boolean } {
  const [isFullscreen, setIsFullscreen] = useState(() => !!document.fullscreenElement);

  useEffect(() => {
    const onChange = () => setIsFullscreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = useCallback(() => {
    const request = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    request.catch((error: unknown) => console.warn('Fullscreen was refused', error));
  }, []);

  return { isFullscreen, toggle, supported: typeof document.documentElement.requestFullscreen === 'function' };
}
