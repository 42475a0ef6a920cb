import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, FieldError, PasswordChecklist } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES } from '@loyalty/shared/validation';
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
  const { t } = useTranslation('auth');
  const rules = PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    label: t(`password.rules.${rule.id}`, { min: PASSWORD_MIN_LENGTH }),
    met: rule.test(value),
  }));
  return (
    <>
      <Field.Root invalid={!!errors.password} required>
        <Field.Label>{labels.password}</Field.Label>
        <PasswordInput autoComplete="new-password" {...password} />
        <FieldError message={errors.password} />
        <PasswordChecklist
          title={t('password.rules_title')}
          rules={rules}
          metText={t('password.rule_met')}
          unmetText={t('password.rule_unmet')}
        />
      </Field.Root>
      <Field.Root invalid={!!errors.confirmation} required>
        <Field.Label>{labels.confirmation}</Field.Label>
        <PasswordInput autoComplete="new-password" {...confirmation} />
        <FieldError message={errors.confirmation} />
      </Field.Root>
    </>
  );
}
