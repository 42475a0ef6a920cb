import { useCallback, useEffect, useState } from 'react';

/** How long "Send a new code" waits after a code was sent, so a member cannot flood the outbox. */
export const RESEND_COOLDOWN_SECONDS = 30;

/** Seconds left before an action may run again; `start()` begins a new wait. */
export function useCooldown(seconds: number, startedNow: boolean) {
  const [endsAt, setEndsAt] = useState<number | null>(() => (startedNow ? Date.now() + seconds * 1000 : null));
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

  const start = useCallback(() => {
    setNow(Date.now());
    setEndsAt(Date.now() + seconds * 1000);
  }, [seconds]);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, start };
}
