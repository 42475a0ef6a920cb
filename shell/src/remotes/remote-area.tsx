import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { Box } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { ErrorPanel } from '@loyalty/shared/ui';
import type { RemoteName } from '@loyalty/shared/router';
import { remoteRoutes } from './routes-download';
import { reRegisterRemote, registeredRemote } from './register-released-remotes';
import { ReleaseOverrideBanner } from './release-override-banner';
import { AreaRendered, noteCaught, useNotePages } from '../telemetry/area-journal';
import { RemoteSuspense } from './remote-pending';
import { UnlessUpdateNeeded } from '../offline/update-notice';

interface BoundaryProps {
  remote: RemoteName;
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    noteCaught(this.props.remote);
    console.error(`Remote ${this.props.remote} failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.props.onRetry) : this.props.children;
  }
}

/**
 * Renders a remote's routes in this area of the page. While they load, the page's skeleton; past
 * the time limit, a word that they are slow, with Retry (they still render when they arrive). When
 * the remote cannot be loaded or throws, the area shows a fallback with Retry; the rest of the
 * shell keeps working.
 */
export function RemoteArea({ remote }: { remote: RemoteName }) {
  const { t } = useTranslation('common');
  const [attempts, setAttempts] = useState<Partial<Record<RemoteName, number>>>({});
  const attempt = attempts[remote] ?? 0;
  const Routes = remoteRoutes(remote, attempt);
  useNotePages(remote);

  const retry = () => {
    reRegisterRemote(remote);
    setAttempts((current) => ({ ...current, [remote]: attempt + 1 }));
  };

  const release = registeredRemote(remote);
  return (
    // Which build runs here, for support and for the release tests; `display: contents` keeps the
    // wrapper out of the layout.
    <Box
      display="contents"
      data-remote={remote}
      data-remote-version={release?.version}
      data-remote-channel={release?.channel}
    >
      <ReleaseOverrideBanner remote={remote} />
      <RemoteErrorBoundary
        // Routes of different remotes share this position in the tree: a new remote or a new
        // attempt gets a fresh boundary, so one remote's failure never sticks to another.
        key={`${remote}#${attempt}`}
        remote={remote}
        onRetry={retry}
        fallback={(onRetry) => (
          // A file the new shell's release took away: the update notice says what to do.
          <UnlessUpdateNeeded>
            <ErrorPanel title={t('errors.unavailable')} description={t('errors.unavailable_hint')} onRetry={onRetry} />
          </UnlessUpdateNeeded>
        )}
      >
        <RemoteSuspense onRetry={retry}>
          {/* eslint-disable-next-line react-hooks/static-components -- memoised per remote and attempt by `remoteRoutes`, so its identity is stable across renders */}
          <Routes />
          <AreaRendered remote={remote} />
        </RemoteSuspense>
      </RemoteErrorBoundary>
    </Box>
  );
}
