import { useLayoutEffect } from 'react';
import { Box, Field, useFieldContext } from '@chakra-ui/react';
import { useTranslation } from '@loyalty/shared/i18n';

/**
 * A field's error as text: the form resolver's messages are `validation.*` keys of the `common`
 * texts; the server's own per-field texts arrive written and are shown as they are.
 */
export function useFieldErrorText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('common');
  return (message) => {
    if (!message) return undefined;
    return message.startsWith('validation.') ? t(message) : message;
  };
}

/**
 * The field's input names its error in `aria-describedby`, beside its helper text. The field
 * names it only as `aria-errormessage`, which screen readers announce unevenly; a description
 * every one of them reads with the field. Runs after each commit, which may have rewritten the
 * attribute from the field's own props.
 */
function useErrorDescribesControl(shown: boolean): void {
  const field = useFieldContext();
  const { control, errorText } = field.ids;
  useLayoutEffect(() => {
    const input = document.getElementById(control);
    if (!input) return;
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== errorText);
    const next = shown ? [errorText, ...ids] : ids;
    if (next.length) input.setAttribute('aria-describedby', next.join(' '));
    else input.removeAttribute('aria-describedby');
  });
}

/**
 * The error of the field it sits in (inside `Field.Root`, marked `invalid`), announced politely as
 * it appears and read with the field (`aria-describedby`). In the system's error colour; its line
 * is kept while the field is fine, so a message appearing moves nothing below it.
 */
export function FieldError({ message }: { message: string | undefined }) {
  const text = useFieldErrorText()(message);
  const { invalid } = useFieldContext();
  useErrorDescribesControl(Boolean(text) && invalid);
  return (
    <Box minHeight="4" width="full">
      <Field.ErrorText marginTop="0">{text ?? null}</Field.ErrorText>
    </Box>
  );
}
