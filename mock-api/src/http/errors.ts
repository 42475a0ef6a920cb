import type { ErrorRequestHandler, RequestHandler, NextFunction, Request, Response } from 'express';

/** A failure to answer with a 4xx (or 5xx) and `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const UNAUTHORIZED = 'Unauthorized';

/**
 * A 429 (or another refusal that ends by itself, such as a lock's 423): the request may come again
 * once `retryAfterSeconds` have passed, which the answer says in `Retry-After` (whole seconds,
 * rounded up) and in its body, for a page to show.
 */
export class TooManyRequests extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMs: number, status = 429) {
    super(status, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/** Express 4 does not catch rejected promises; this hands them to the error handler. */
export function asyncRoute(
  handler: (request: Request, response: Response, next: NextFunction) => Promise<unknown>,
): RequestHandler {
  return (request, response, next) => {
    handler(request, response, next).catch(next);
  };
}

export const notFound: RequestHandler = (request, response) => {
  response.status(404).json({ message: `No route for ${request.method} ${request.path}` });
};

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/**
 * The last middleware. Body-parser failures (malformed JSON, too large, bad charset) become 4xx
 * with a clear message; anything unexpected is logged and reported as a 500 without internals.
 */
export function errorHandler(log: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error: unknown, _request, response, _next) => {
    if (response.headersSent) return;
    if (error instanceof TooManyRequests) {
      response
        .status(error.status)
        .set('Retry-After', String(error.retryAfterSeconds))
        .json({ message: error.message, retryAfter: error.retryAfterSeconds });
      return;
    }
    if (error instanceof HttpError) {
      response
        .status(error.status)
        .json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      return;
    }
    const parserError = (typeof error === 'object' && error !== null ? error : {}) as BodyParserError;
    switch (parserError.type) {
      case 'entity.parse.failed':
        response.status(400).json({ message: 'Malformed JSON body' });
        return;
      case 'entity.too.large':
        response.status(413).json({ message: 'Request body too large' });
        return;
      case 'encoding.unsupported':
      case 'charset.unsupported':
        response.status(415).json({ message: 'Unsupported request encoding' });
        return;
      case 'request.aborted':
        response.status(400).json({ message: 'Request aborted' });
        return;
    }
    const status = parserError.status ?? parserError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      response.status(status).json({ message: 'Bad request' });
      return;
    }
    log('Unexpected error', error);
    response.status(500).json({ message: 'Something went wrong' });
  };
}
