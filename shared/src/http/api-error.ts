/** The generic text of docs/product/api.md when a failed call carries no message of its own. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';

/** A failed call, normalised: the server's message when it sent one, else the generic text. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: Record<string, string> | undefined;
  /** When a refused call may come again (`Retry-After`, or the body's `retryAfter`), in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, message: string, body?: unknown, retryAfter?: string | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = readFieldErrors(body);
    this.retryAfterSeconds = parseRetryAfter(retryAfter) ?? readRetryAfter(body);
  }
}

/** `Retry-After` as whole seconds from now: delay-seconds or an HTTP date; undefined otherwise. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function readRetryAfter(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('retryAfter' in body)) return undefined;
  const seconds = (body as { retryAfter: unknown }).retryAfter;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

function readFieldErrors(body: unknown): Record<string, string> | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return undefined;
  const errors = (body as { errors: unknown }).errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : undefined;
}
