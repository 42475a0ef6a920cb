import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { balanceQueryOptions } from '@loyalty/shared/api';

/**
 * Whether the balance, the dashboard's largest paint and what a member reads first, is on screen:
 * its figure (or its failure) has been rendered and a frame has been painted since. Until then the
 * cards below the figures neither load their code nor ask the API, so nothing competes with the
 * balance's answer and render (docs/performance.md). A kept answer counts: offline, the balance
 * shows at once and so do they.
 *
 * A page that is never painted (a tab opened in the background) waits until it is shown: the
 * browser runs no frame before.
 */
export function useBalancePainted(): boolean {
  // Only whether the balance has settled: its later answers need not render the page again.
  const { isPending } = useQuery({ ...balanceQueryOptions(), notifyOnChangeProps: ['isPending'] });
  const [painted, setPainted] = useState(false);

  useEffect(() => {
    if (isPending || painted) return;
    // The frame's callback runs before that frame paints; a task queued from it runs after.
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      afterPaint = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
    };
  }, [isPending, painted]);

  return painted;
}
