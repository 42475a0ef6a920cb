import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { Alert, Box, Button } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { useUpdateNeeded, useUpdatePhase } from './shell-update';

/**
 * Above every page, once an action of the member needed a file of the page's build that did not
 * load: at once, politely, that a new version is being fetched; then, as an alert, that it is
 * ready, with Reload; or, for a failure a form handed over to it, that none came (the areas' words,
 * with Reload) or that the browser is offline. It takes nothing away itself (what the member typed
 * stays on the page until they reload).
 */
export function UpdateNotice() {
  const phase = useUpdatePhase();
  if (phase === 'quiet') return null;
  return (
    <Box position="sticky" insetBlockStart="0" zIndex="banner" padding="2" bg="bg">
      {phase === 'ready' ? <ReadyToReload /> : <NotReady phase={phase} />}
    </Box>
  );
}

/** What the notice says in each phase before a new shell is ready. */
const NOT_READY = {
  fetching: 'update.fetching',
  unavailable: 'common:errors.unavailable',
  offline: 'common:errors.offline',
} as const;

/**
 * A new version is being fetched: a status, polite. None came: an alert, in the words of the areas
 * that could not load (and Reload) or of the offline forms.
 */
function NotReady({ phase }: { phase: keyof typeof NOT_READY }) {
  const { t } = useTranslation(['shell', 'common']);
  const fetching = phase === 'fetching';
  const unavailable = phase === 'unavailable';
  return (
    <Alert.Root
      status={fetching ? 'info' : 'warning'}
      role={fetching ? 'status' : 'alert'}
      data-testid="update-notice"
      alignItems="center"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(NOT_READY[phase])}</Alert.Title>
        {unavailable ? <Alert.Description>{t('common:errors.unavailable_hint')}</Alert.Description> : null}
      </Alert.Content>
      {unavailable ? <ReloadButton /> : null}
    </Alert.Root>
  );
}

/** Inputs whose keys are text (a checkbox's Space is not): a text field, a text area, an editor. */
const NOT_TYPED = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image']);

function isTypingIn(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLInputElement) return !NOT_TYPED.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

/**
 * It takes the focus, on Reload, as it appears (the action that failed may give no other answer),
 * except from a field the member is typing in: their next Space or Enter would reload the page
 * under them. It is an alert either way, first in the document.
 */
function ReadyToReload() {
  const { t } = useTranslation('shell');
  const reload = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isTypingIn(document.activeElement)) reload.current?.focus();
  }, []);
  return (
    <Alert.Root status="info" role="alert" data-testid="update-notice" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('update.ready')}</Alert.Title>
      </Alert.Content>
      <ReloadButton ref={reload} />
    </Alert.Root>
  );
}

function ReloadButton({ ref }: { ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation('shell');
  return (
    <Button ref={ref} size="sm" onClick={() => window.location.reload()}>
      {t('update.reload')}
    </Button>
  );
}

/** `children` (a failure's own message) unless the update notice already says what to do. */
export function UnlessUpdateNeeded({ children }: { children: ReactNode }) {
  return useUpdateNeeded() ? null : children;
}
