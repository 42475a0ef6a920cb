// The HTTP client proper: ky, and the turning of its failures into ApiError. It is a chunk of its
// own (docs/performance.md, "Behind the code"), fetched ahead of the first request
// (`preloadHttpClient`) or with it: a signed-out page, sign-in above all, can be used before the
// client is needed.
import ky, { HTTPError } from 'ky';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api-error';

/** What the client asks of the module that holds the session's token. */
export interface ClientAuth {
  /** The token every request carries, or null. */
  token(): string | null;
  /** Called when a request that carried a token is answered 401, with the token it carried. */
  unauthorized(refusedToken: string): void;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RequestBody = Record<string, unknown> | FormData | undefined;

/** One call, its address already checked and made absolute. */
export interface Call {
  method: Method;
  url: string;
  searchParams?: Record<string, string>;
  signal?: AbortSignal;
  body?: RequestBody;
  /** Sends the finished request instead of the browser's `fetch` (see `RequestOptions.fetch`). */
  fetch?: typeof fetch;
}

export type Send = <T>(call: Call) => Promise<T>;

async function normaliseError(error: unknown): Promise<never> {
  if (error instanceof HTTPError) {
    const body: unknown = await error.response
      .clone()
      .json()
      .catch(() => undefined);
    const message =
      typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : GENERIC_ERROR_MESSAGE;
    throw new ApiError(error.response.status, message, body, error.response.headers.get('Retry-After'));
  }
  if (error instanceof ApiError) throw error;
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  throw new ApiError(0, GENERIC_ERROR_MESSAGE);
}

/**
 * Sends one call and resolves with its JSON body. JSON payloads go as JSON, FormData as multipart.
 * Any 2xx is success; everything else rejects with an {@link ApiError}.
 */
export function createSend(auth: ClientAuth): Send {
  const client = ky.create({
    timeout: false,
    retry: 0,
    hooks: {
      beforeRequest: [
        (request) => {
          const token = auth.token();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          const authorization = request.headers.get('Authorization');
          if (response.status === 401 && authorization) auth.unauthorized(authorization.replace(/^Bearer /, ''));
        },
      ],
    },
  });
  return async <T>({ method, url, searchParams, signal, body, fetch }: Call): Promise<T> => {
    try {
      const response = await client(url, {
        method,
        searchParams,
        signal,
        ...(fetch ? { fetch } : {}),
        ...(body instanceof FormData ? { body } : body !== undefined ? { json: body } : {}),
      });
      if (response.status === 204) return undefined as T;
      return (await response.json()) as T;
    } catch (error) {
      return normaliseError(error);
    }
  };
}
