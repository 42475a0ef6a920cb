import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@loyalty/shared/ui';
import { FieldError } from './field-error';
import { PasswordChecklist } from './password-checklist';
import { PasswordInput } from './password-input';

interface NewPasswordFieldsProps {
  labels: { password: string; confirmation: string };
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  /** The validation message keys of the two fields (undefined when the field is fine). */
  errors: { password: string | undefined; confirmation: string | undefined };
  /** What the member has typed so far, for the live checklist. */
  value: string;
}

/** A new password with its live rule checklist, then its confirmation (sign-up and reset alike). */
export function NewPasswordFields({ labels, password, confirmation, errors, value }: NewPasswordFieldsProps) {
  return (
    <>
      <Field.Root invalid={!!errors.password} required>
        <Field.Label>{labels.password}</Field.Label>
        <PasswordInput autoComplete="new-password" {...password} />
        <FieldError message={errors.password} />
        <Field.HelperText>
          <PasswordChecklist value={value} />
        </Field.HelperText>
      </Field.Root>
      <Field.Root invalid={!!errors.confirmation} required>
        <Field.Label>{labels.confirmation}</Field.Label>
        <PasswordInput autoComplete="new-password" {...confirmation} />
        <FieldError message={errors.confirmation} />
      </Field.Root>
    </>
  );
}
