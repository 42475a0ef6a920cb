import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, Button } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { useUpdateNeeded } from './shell-update';

/**
 * Above every page, once an action of the member needed a file that the new shell's release has
 * taken away: a new version is ready, and Reload. It takes nothing away itself (what the member
 * typed stays on the page until they reload). It takes the focus, on Reload, as it appears (the
 * action that failed may give no other answer), except from a field the member is typing in: their
 * next Space or Enter would reload the page under them. It is an alert either way, first in the
 * document.
 */
export function UpdateNotice() {
  const needed = useUpdateNeeded();
  return needed ? <ReadyToReload /> : null;
}

/** Inputs whose keys are text (a checkbox's Space is not): a text field, a text area, an editor. */
const NOT_TYPED = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image']);

function isTypingIn(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLInputElement) return !NOT_TYPED.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

function ReadyToReload() {
  const { t } = useTranslation('shell');
  const reload = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isTypingIn(document.activeElement)) reload.current?.focus();
  }, []);
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
