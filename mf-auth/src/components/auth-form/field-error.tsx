import { Field } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';

/**
 * A field's error: the validation message key the form's resolver set (a key of the `common`
 * texts), shown in a red dark enough to read. The theme's default (red.500 on white, 3.8:1) fails
 * WCAG AA for small text.
 */
export function FieldError({ message }: { message: string | undefined }) {
  const { t } = useTranslation('common');
  return (
    <Field.ErrorText color="red.700" _dark={{ color: 'red.300' }}>
      {message ? t(message) : null}
    </Field.ErrorText>
  );
}
