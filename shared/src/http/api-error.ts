/** The generic text of SPEC §8 when a failed call carries no message of its own. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';

/** A failed call, normalised: the server's message when it sent one, else the generic text. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = readFieldErrors(body);
  }
}

/**
 * The server's own text for a failed call (SPEC §8), or undefined when it sent none. A network
 * failure, or an answer without a message, carries only the generic English text: the page then
 * says it in the member's language instead (`common:errors.generic`, or its own fallback).
 */
export function serverText(error: unknown): string | undefined {
  const own =
    error instanceof ApiError && error.status > 0 && error.message !== '' && error.message !== GENERIC_ERROR_MESSAGE;
  return own ? error.message : undefined;
}

function readFieldErrors(body: unknown): Record<string, string> | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return undefined;
  const errors = (body as { errors: unknown }).errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : undefined;
}
