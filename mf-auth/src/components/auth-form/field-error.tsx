import { Box, Field } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';

/**
 * A field's error: the validation message key the form's resolver set (a key of the `common`
 * texts), in the system's error colour (`fg.error`, as in every app). Its line is kept while the
 * field is fine, so a message appearing moves nothing below it (a message of one line; most are).
 */
export function FieldError({ message }: { message: string | undefined }) {
  const { t } = useTranslation('common');
  return (
    <Box minHeight="4" width="full">
      <Field.ErrorText marginTop="0">{message ? t(message) : null}</Field.ErrorText>
    </Box>
  );
}
