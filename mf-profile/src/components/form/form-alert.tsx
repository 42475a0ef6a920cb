import { ActionOutcome } from '@loyalty/shared/ui';

/**
 * A form-level failure (docs/product/api.md texts or the server's), announced as it appears and
 * given the focus, unless the page focused the field the failure is about (`ActionOutcome`).
 */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return <ActionOutcome status="error" title={message} />;
}
