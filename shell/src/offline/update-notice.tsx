import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, Button } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { useUpdateNeeded } from './shell-update';

/**
 * Above every page, once an action of the member needed a file that the new shell's release has
 * taken away: a new version is ready, and Reload. It takes nothing away itself (what the member
 * typed stays on the page until they reload), and it takes the focus, on Reload, as it appears:
 * the action that failed gave no other answer.
 */
export function UpdateNotice() {
  const needed = useUpdateNeeded();
  return needed ? <ReadyToReload /> : null;
}

function ReadyToReload() {
  const { t } = useTranslation('shell');
  const reload = useRef<HTMLButtonElement>(null);
  useEffect(() => reload.current?.focus(), []);
  return (
    <Box position="sticky" insetBlockStart="0" zIndex="banner" padding="2" bg="bg">
      <Alert.Root status="info" role="alert" data-testid="update-notice" alignItems="center">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('update.ready')}</Alert.Title>
        </Alert.Content>
        <Button ref={reload} size="sm" onClick={() => window.location.reload()}>
          {t('update.reload')}
        </Button>
      </Alert.Root>
    </Box>
  );
}

/** `children` (a failure's own message) unless the update notice already says what to do. */
export function UnlessUpdateNeeded({ children }: { children: ReactNode }) {
  return useUpdateNeeded() ? null : children;
}
