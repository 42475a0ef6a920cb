import type { FormEvent, ReactNode } from 'react';
import { Stack } from '@loyalty/shared/ui';

/**
 * An auth screen's form: the page validates it (react-hook-form, so the browser's own bubbles are
 * off) and its parts stand one under the other.
 */
export function AuthForm({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="5">{children}</Stack>
    </form>
  );
}
