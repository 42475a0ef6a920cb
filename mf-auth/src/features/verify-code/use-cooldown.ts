import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before an action may run again. The length of each wait is the server's (the
 * `resendAfter` of the answer that sent a code, or a 429's `Retry-After`), never a guess of the
 * page's: `start(seconds)` begins one, and `initialSeconds` is the wait the page arrived with.
 */
export function useCooldown(initialSeconds: number) {
  const [endsAt, setEndsAt] = useState<number | null>(() =>
    initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return undefined;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) {
        setEndsAt(null);
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    setNow(Date.now());
    setEndsAt(seconds > 0 ? Date.now() + seconds * 1000 : null);
  }, []);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, start };
}
