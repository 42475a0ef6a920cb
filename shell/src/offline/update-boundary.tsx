import { Component, type ReactNode } from 'react';
import { ErrorPanel } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { isChunkLoadError } from '@loyalty/shared/http';
import { noteCaughtError } from './shell-update';
import { UnlessUpdateNeeded } from './update-notice';

/**
 * Around the pages: a chunk of the shell that failed to load while rendering (a layout the page had
 * not needed yet) would otherwise unmount the whole page, the update notice with it. Any other
 * error goes on to whoever handled it before.
 */
export class UpdateBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    noteCaughtError(error);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return (
      <UnlessUpdateNeeded>
        <PageNotLoaded />
      </UnlessUpdateNeeded>
    );
  }
}

/** The page's code did not arrive and no new shell explains it: the network's fault, Retry reloads. */
function PageNotLoaded() {
  const { t } = useTranslation('common');
  return (
    <ErrorPanel
      title={t('errors.unavailable')}
      description={t('errors.unavailable_hint')}
      onRetry={() => window.location.reload()}
    />
  );
}
