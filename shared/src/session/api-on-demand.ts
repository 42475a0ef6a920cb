import type { QueryClient } from '@tanstack/react-query';
import type * as ApiModule from '@loyalty/shared/api';
import { CodeNotLoadedError, preloadHttpClient } from '@loyalty/shared/http';

type Api = typeof ApiModule;

/**
 * `@loyalty/shared/api` (every endpoint's function and its contract's schemas) is a shared module
 * fetched when first needed (decision 009): a signed-out page is usable before it. Code that is
 * evaluated before any page asks for it (the session, the shell's start-up) takes it from here.
 * If it cannot be fetched, the call fails as any call that got no answer, a `CodeNotLoadedError`.
 */
export async function loadApi(): Promise<Api> {
  try {
    return await import('@loyalty/shared/api');
  } catch {
    throw new CodeNotLoadedError();
  }
}

/**
 * The one query client (`@loyalty/shared/api/query-client`, with the query library): fetched when
 * first needed, like the API layer, and failing the same way.
 */
export async function loadQueryClient(): Promise<QueryClient> {
  try {
    return (await import('@loyalty/shared/api/query-client')).queryClient;
  } catch {
    throw new CodeNotLoadedError();
  }
}

/** Starts fetching the query client and its library: a session reads its member through it at once. */
export function preloadQueryClient(): void {
  loadQueryClient().catch(() => undefined);
}

/** Starts fetching the API layer and its HTTP client before the first call needs them. */
export function preloadApi(): void {
  preloadHttpClient();
  loadApi().catch(() => undefined);
}
