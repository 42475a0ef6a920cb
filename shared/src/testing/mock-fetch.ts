/**
 * Stubs the network at the HTTP client's boundary (`fetch`), not the modules above it: the code
 * under test runs exactly as in the browser. Each route answers one method and path.
 */
export interface MockRoute {
  method: string;
  path: string;
  status?: number;
  body?: unknown;
  /** Headers the answer carries besides its JSON content type (`Retry-After`…). */
  headers?: Record<string, string>;
}

export interface MockedFetch {
  calls: Request[];
  restore: () => void;
}

export function mockFetch(routes: MockRoute[]): MockedFetch {
  const original = globalThis.fetch;
  const calls: Request[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request.clone());
    const { pathname } = new URL(request.url);
    const route = routes.find((candidate) => candidate.method === request.method && candidate.path === pathname);
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    return new Response(route.body === undefined ? null : JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...route.headers },
    });
  }) as typeof fetch;
  return { calls, restore: () => void (globalThis.fetch = original) };
}

/**
 * A call refused by one of the API's limits: 429 with `Retry-After` and the body the mock API
 * sends (`text` is one of `LIMIT_TEXTS` of `@loyalty/shared/api/messages`).
 */
export function refusedByLimit(method: string, path: string, retryAfterSeconds: number, text: string): MockRoute {
  return {
    method,
    path,
    status: 429,
    headers: { 'Retry-After': String(retryAfterSeconds) },
    body: { message: text, retryAfter: retryAfterSeconds },
  };
}
