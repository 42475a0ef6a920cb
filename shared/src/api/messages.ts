// How a page words a failed call to the member: the server's own text, translated where the page
// knows it, or the page's own words where the server sent none (docs/product/api.md, "Error
// texts"). A federated module of its own, apart from the endpoints: every page words errors,
// sign-in included, and sign-in is usable before the endpoints' module is fetched.
import { ApiError, GENERIC_ERROR_MESSAGE } from '@loyalty/shared/http';

/**
 * The server's own text for a failed call (docs/product/api.md), or undefined when it sent none. A network
 * failure, or an answer without a message, carries only the generic English text: the page then
 * says it in the member's language instead (`common:errors.generic`, or its own fallback).
 */
export function serverText(error: unknown): string | undefined {
  const own =
    error instanceof ApiError && error.status > 0 && error.message !== '' && error.message !== GENERIC_ERROR_MESSAGE;
  return own ? error.message : undefined;
}

/** What a page shows for a failed call: a key of its own texts, or the server's words as sent. */
export type ServerMessage = { text: string } | { key: string };

/**
 * A server text the page knows (`known`: the server's exact English text → the key of its own
 * translation) as that key, so the member reads it in their language; any other text as sent.
 */
export function knownServerText(text: string, known: Readonly<Record<string, string>>): ServerMessage {
  return Object.hasOwn(known, text) ? { key: known[text]! } : { text };
}

/**
 * The message of a failed call (docs/product/api.md): the server's own text, translated when the page knows it
 * (`knownServerText`); `fallbackKey` when the server sent no words of its own (`serverText`).
 */
export function serverMessage(
  error: unknown,
  fallbackKey: string,
  known: Readonly<Record<string, string>> = {},
): ServerMessage {
  const text = serverText(error);
  return text === undefined ? { key: fallbackKey } : knownServerText(text, known);
}

/** A `ServerMessage` as text, through the page's translate function. */
export function messageText(message: ServerMessage, translate: (key: string) => string): string {
  return 'key' in message ? translate(message.key) : message.text;
}
