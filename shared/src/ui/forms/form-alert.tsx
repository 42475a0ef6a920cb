import type { ReactNode } from 'react';
import { ActionOutcome } from '../action-outcome';

export interface FormAlertProps {
  /** A failure by default. */
  status?: 'error' | 'success' | 'info';
  /** The message; nothing is shown without one, so a page passes its last outcome as it is. */
  title: ReactNode | null | undefined;
  children?: ReactNode;
  /**
   * The outcome of the member's submit: it takes the focus, which the disabled submit button dropped
   * (`ActionOutcome`). False for a note that is there when the page opens (a code was sent).
   */
  outcome?: boolean;
}

/**
 * A form's own message, above its fields. Failures are `role="alert"`, announced as they appear;
 * confirmations and notes are `role="status"`, announced politely. Every form of every app shows
 * it the same way: the system's alert with its status icon and colours.
 */
export function FormAlert({ status = 'error', title, children, outcome = true }: FormAlertProps) {
  if (title === null || title === undefined || title === '') return null;
  return (
    <ActionOutcome status={status} title={title} takesFocus={outcome}>
      {children}
    </ActionOutcome>
  );
}
