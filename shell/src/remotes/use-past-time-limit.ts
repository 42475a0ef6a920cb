import { useEffect, useState } from 'react';

/**
 * True once `limitMs` has passed while `waiting` held, counted again from zero each time `waitFor`
 * (what is awaited: a page's path) changes.
 */
export function usePastTimeLimit(waiting: boolean, limitMs: number, waitFor: unknown = null): boolean {
  const [passedFor, setPassedFor] = useState<{ waitFor: unknown } | null>(null);
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => setPassedFor({ waitFor }), limitMs);
    return () => clearTimeout(timer);
  }, [waiting, limitMs, waitFor]);
  return waiting && passedFor !== null && Object.is(passedFor.waitFor, waitFor);
}
