import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, FieldError, Input } from '@loyalty/shared/ui';

/** The member's address, as sign-in, sign-up and forgot-password ask for it. */
export function EmailField({
  label,
  registration,
  error,
  autoComplete = 'username',
  onFocus,
}: {
  label: string;
  /** `username webauthn` where the browser may offer passkeys in the field's suggestions. */
  autoComplete?: string;
  /** Called as the field gets the focus (react-hook-form's own handlers are left as they are). */
  onFocus?: () => void;
  registration: UseFormRegisterReturn;
  /** The validation message key, when the address is not right. */
  error: string | undefined;
}) {
  return (
    <Field.Root invalid={!!error} required onFocusCapture={onFocus}>
      <Field.Label>{label}</Field.Label>
      {/* An address reads left to right in every language, Arabic included. */}
      <Input type="email" dir="ltr" autoComplete={autoComplete} inputMode="email" {...registration} />
      <FieldError message={error} />
    </Field.Root>
  );
}
