/** The generic text of docs/product/api.md when a failed call carries no message of its own. */
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

function readFieldErrors(body: unknown): Record<string, string> | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return undefined;
  const errors = (body as { errors: unknown }).errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : undefined;
}
