import { useEffect, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import { Alert } from '@chakra-ui/react';

export interface ActionOutcomeProps {
  status: 'success' | 'error' | 'info' | 'warning';
  /** Empty for a failure the shell's update notice tells of (`messageText` of `TOLD_ELSEWHERE`): nothing shows. */
  title: ReactNode;
  children?: ReactNode;
  /** The outcome's element, for an overlay closing at the same time to give the focus to. */
  ref?: Ref<HTMLDivElement | null>;
  /** False for a note that is there before the member acts (a code was sent): it leaves the focus be. */
  takesFocus?: boolean;
}

/**
 * What a member's action came to: a claim accepted, a sign-in refused. It takes the focus as it
 * appears (docs/product/accessibility.md, "Keyboard"): the button pressed is disabled while the
 * action runs, which drops the focus to the start of the page, and a member on the keyboard or a
 * screen reader would have to look for the outcome. Failures are alerts, the rest statuses. It
 * takes the focus when it mounts, never on a later render (the member may be typing again): a page
 * clears the outcome when the next attempt starts, and the next outcome mounts anew. A field the
 * page focused because the failure is about it (marked invalid) keeps the focus. An overlay that
 * closes as the outcome appears (a confirmation) traps the focus until it has gone, so it gives the
 * focus back to the outcome itself (`ref`).
 */
export function ActionOutcome({ status, title, children, ref, takesFocus = true }: ActionOutcomeProps) {
  const outcome = useRef<HTMLDivElement>(null);
  useImperativeHandle<HTMLDivElement | null, HTMLDivElement | null>(ref, () => outcome.current, []);
  useEffect(() => {
    if (!takesFocus) return;
    if (document.activeElement?.getAttribute('aria-invalid') === 'true') return;
    outcome.current?.focus();
    // Only when it mounts (see above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (title === '') return null;
  return (
    <Alert.Root
      ref={outcome}
      tabIndex={-1}
      status={status}
      role={status === 'error' ? 'alert' : 'status'}
      focusVisibleRing="outside"
      scrollMarginBlock="24"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
