import { Field } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';

/**
 * A field's error: the validation message key the form's resolver set (a key of the `common`
 * texts), in the system's error colour (`fg.error`, as in every app).
 */
export function FieldError({ message }: { message: string | undefined }) {
  const { t } = useTranslation('common');
  return <Field.ErrorText>{message ? t(message) : null}</Field.ErrorText>;
}
