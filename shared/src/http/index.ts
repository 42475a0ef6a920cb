import ky, { HTTPError, type KyInstance } from 'ky';
import { getRuntimeConfig } from '@loyalty/shared/config';

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

function readFieldErrors(body: unknown): Record<string, string> | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return undefined;
  const errors = (body as { errors: unknown }).errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : undefined;
}

// Anything with a scheme (`https:`, `javascript:`) or protocol-relative (`//host`) is refused, so
// the bearer token can only ever travel to the configured API.
const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/|\\\\)/i;

export function assertRelativePath(path: string): void {
  if (ABSOLUTE_URL.test(path.trim())) {
    throw new ApiError(0, `Absolute URLs are not allowed: ${path}`);
  }
  if (!path.startsWith('/')) throw new ApiError(0, `API paths start with "/": ${path}`);
}

let accessToken: string | null = null;
const unauthorizedListeners = new Set<() => void>();

/** Every request made after this carries `Authorization: Bearer <token>` (or none, for null). */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function getAccessToken(): string | null {
  return accessToken;
}

/** Called when a request that carried a token is answered 401: the session has ended. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const client: KyInstance = ky.create({
  timeout: false,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        if (accessToken) request.headers.set('Authorization', `Bearer ${accessToken}`);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        if (response.status === 401 && request.headers.has('Authorization')) {
          unauthorizedListeners.forEach((listener) => listener());
        }
      },
    ],
  },
});

export type RequestBody = Record<string, unknown> | FormData | undefined;

export interface RequestOptions {
  searchParams?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

function buildUrl(path: string): string {
  assertRelativePath(path);
  return getRuntimeConfig().HOST_API.replace(/\/+$/, '') + path;
}

function cleanSearchParams(params: RequestOptions['searchParams']): Record<string, string> | undefined {
  if (!params) return undefined;
  const entries = Object.entries(params).filter(([, value]) => value !== undefined && value !== '');
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

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
    throw new ApiError(error.response.status, message, body);
  }
  if (error instanceof ApiError) throw error;
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  throw new ApiError(0, GENERIC_ERROR_MESSAGE);
}

/**
 * Sends one request to the API and resolves with its JSON body. JSON payloads are sent as JSON,
 * FormData as multipart. Any 2xx is success; everything else rejects with an {@link ApiError}.
 */
export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: RequestBody,
  options: RequestOptions = {},
): Promise<T> {
  const url = buildUrl(path);
  try {
    const response = await client(url, {
      method,
      searchParams: cleanSearchParams(options.searchParams),
      signal: options.signal,
      ...(body instanceof FormData ? { body } : body !== undefined ? { json: body } : {}),
    });
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  } catch (error) {
    return normaliseError(error);
  }
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: RequestBody, options?: RequestOptions) => request<T>('POST', path, body, options),
};
