import type { ReactNode } from 'react';
import { Alert } from '@loyalty/shared/ui';

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
