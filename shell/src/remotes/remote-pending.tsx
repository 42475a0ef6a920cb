import { Suspense, type ReactNode } from 'react';
import { useTranslation } from '@loyalty/shared/i18n';
import { ErrorPanel, NavigationProgress } from '@loyalty/shared/ui';
import { useSignedIn } from '@loyalty/shared/session';
import { PageSkeleton } from '../first-paint/page-skeleton';
import { usePastTimeLimit } from './use-past-time-limit';

/**
 * How long an area waits for its remote before it says so and offers Retry
 * (docs/product/limits.md; docs/product/accessibility.md, "Slow phones"): twice the time a page
 * takes to be whole on the slow phone (docs/performance.md, "Behind the code").
 */
export const REMOTE_TIME_LIMIT_MS = 8000;

/**
 * While a remote's code is on its way: the progress bar and the page's skeleton, the one the HTML
 * painted first when it is this page's. Past the time limit, the area says it is slow and offers Retry; the
 * download goes on, and the page replaces this as soon as it arrives.
 */
export function RemotePending({
  onRetry,
  timeLimitMs = REMOTE_TIME_LIMIT_MS,
}: {
  onRetry: () => void;
  timeLimitMs?: number;
}) {
  const { t } = useTranslation('common');
  const signedIn = useSignedIn();
  const slow = usePastTimeLimit(true, timeLimitMs);
  return (
    <>
      <NavigationProgress />
      {slow ? (
        <ErrorPanel role="status" title={t('errors.slow')} description={t('errors.slow_hint')} onRetry={onRetry} />
      ) : (
        <PageSkeleton signedIn={signedIn} />
      )}
    </>
  );
}

/** A remote's area while its code loads: see RemotePending. */
export function RemoteSuspense({
  onRetry,
  timeLimitMs,
  children,
}: {
  onRetry: () => void;
  timeLimitMs?: number;
  children: ReactNode;
}) {
  return <Suspense fallback={<RemotePending onRetry={onRetry} timeLimitMs={timeLimitMs} />}>{children}</Suspense>;
}
