/**
 * Validation messages of the shared schemas are keys of the `common` namespace
 * (`validation.*`); the few rules of this remote's own live in the `points` namespace.
 */
export function messageKey(message: string | undefined): string | null {
  if (!message) return null;
  return message.startsWith('validation.') ? `common:${message}` : `points:${message}`;
}
