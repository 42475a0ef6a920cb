/**
 * Validation messages of the shared schemas are keys of the `common` namespace
 * (`validation.*`); the few rules of this remote's own live in the namespace of the page that has
 * them (`points`, or a page's own texts).
 */
export function messageKey(message: string | undefined, namespace = 'points'): string | null {
  if (!message) return null;
  return message.startsWith('validation.') ? `common:${message}` : `${namespace}:${message}`;
}
