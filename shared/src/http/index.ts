import { getRuntimeConfig } from '@loyalty/shared/config';
import { loadOnceUntilFailure } from '../promises/load-once';
import { ApiError, GENERIC_ERROR_MESSAGE, parseRetryAfter } from './api-error';
import { CodeNotLoadedError } from './code-not-loaded';
import type { Method, RequestBody, Send } from './client';

export { ApiError, GENERIC_ERROR_MESSAGE, parseRetryAfter };
export { CodeNotLoadedError, isChunkLoadError, tellOfCodeNotLoaded, toldElsewhere } from './code-not-loaded';
export type { RequestBody };

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

/**
 * Every request made after this carries `Authorization: Bearer <token>` (or none, for null). The
 * session store (`@loyalty/shared/session`) is the token's one owner and the only caller.
 */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function getAccessToken(): string | null {
  return accessToken;
}

/**
 * Called when a request that carried the current token is answered 401: the session has ended. A
 * 401 for a token the session has since replaced (a request sent before a password change, which
 * ends older tokens, answered after it) says nothing about the session in force and calls no one.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The client's chunk, fetched once; after a failed fetch, the next request tries again. */
const loadClient = loadOnceUntilFailure(() =>
  import(/* webpackChunkName: "http-client" */ './client').then(({ createSend }) =>
    createSend({
      token: () => accessToken,
      unauthorized: (refusedToken) => {
        if (refusedToken === accessToken) unauthorizedListeners.forEach((listener) => listener());
      },
    }),
  ),
);

/**
 * Starts fetching the client before the first request needs it: at start-up when a session will
 * ask the API at once, or when the member first reaches for a signed-out page.
 */
export function preloadHttpClient(): void {
  loadClient().catch(() => undefined);
}

export interface RequestOptions {
  searchParams?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /**
   * Sends the request in the browser's place. It is handed the `Request` the client finished (its
   * address, token and body), and its answer goes through the client's hooks like any other: the
   * start-up's queries use it to take an answer the page's start-up script already has
   * (`@loyalty/shared/api`'s start-up-answers.ts).
   */
  fetch?: typeof fetch;
}

function buildUrl(path: string): string {
  assertRelativePath(path);
  return getRuntimeConfig().HOST_API.replace(/\/+$/, '') + path;
}

/** The address of an API path, for what the browser fetches itself (a picture's `src`). */
export const apiUrl = buildUrl;

function cleanSearchParams(params: RequestOptions['searchParams']): Record<string, string> | undefined {
  if (!params) return undefined;
  const entries = Object.entries(params).filter(([, value]) => value !== undefined && value !== '');
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

/**
 * Sends one request to the API and resolves with its JSON body. JSON payloads are sent as JSON,
 * FormData as multipart. Any 2xx is success; everything else rejects with an {@link ApiError}.
 */
export async function request<T = unknown>(
  method: Method,
  path: string,
  body?: RequestBody,
  options: RequestOptions = {},
): Promise<T> {
  const url = buildUrl(path);
  let send: Send;
  try {
    send = await loadClient();
  } catch {
    // The client's chunk could not be fetched: as any call that got no answer, unless the shell
    // tells of it.
    throw new CodeNotLoadedError();
  }
  const { signal, fetch } = options;
  return send<T>({ method, url, searchParams: cleanSearchParams(options.searchParams), signal, body, fetch });
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: RequestBody, options?: RequestOptions) => request<T>('POST', path, body, options),
};
