import type { TFunction } from 'i18next';

/**
 * A field error as text: schema messages are `validation.*` keys of the `common` namespace; the
 * server's own per-field texts arrive already written and are shown as they are.
 */
export function fieldErrorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(`common:${message}`) : message;
}
