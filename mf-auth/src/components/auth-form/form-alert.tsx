import type { ReactNode } from 'react';
import { ActionOutcome, Alert } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { messageText, type ServerMessage } from '@loyalty/shared/api/messages';

/**
 * A form-level message. Errors are `role="alert"` so they are announced as soon as they appear;
 * confirmations are `role="status"`, announced politely.
 */
export function FormAlert({
  status,
  title,
  children,
}: {
  status: 'error' | 'success' | 'info';
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The error of a failed call (`serverMessage`), with what the member can do next; nothing without
 * one. It takes the focus, which the disabled submit button dropped (`ActionOutcome`).
 */
export function FailureAlert({ failure, children }: { failure: ServerMessage | null; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  if (!failure) return null;
  return (
    <ActionOutcome status="error" title={messageText(failure, t)}>
      {children}
    </ActionOutcome>
  );
}
