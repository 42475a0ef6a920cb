import type { RequestOptions } from '@loyalty/shared/http';

/**
 * A signed-in member's start-up asks the API the same things every time. The page's start-up
 * script (shell/src/pre-paint/start-up-requests.ts) sends those requests before main.js has arrived, and
 * keeps them in `window.__startUpRequests`. The start-up's own queries (the session's member, the
 * landing page's permission, the dashboard's figures) then take their answers from there, and so
 * seed the query cache with them, instead of asking again (decisions 019 and 020).
 *
 * An answer is taken only by a request that would have been sent exactly so: the same method,
 * address, Authorization header and body. It is taken once, and only while it is fresh. Only a
 * query built with `FROM_START_UP` looks for one; every other request goes to the network.
 */

/** One request the start-up script sent. */
export interface StartUpRequest {
  method: string;
  /** Absolute, as `Request.url` has it. */
  url: string;
  /** The Authorization header it carried, or null. */
  authorization: string | null;
  /** Its body as text (JSON), or null. */
  body: string | null;
  /** `performance.now()` when it was sent. */
  sentAt: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __startUpRequests?: StartUpRequest[];
  }
}

/**
 * How long after it was sent an answer may still serve the start-up. Past it, the request is sent
 * again: an answer from longer ago may no longer be true.
 */
export const START_UP_ANSWER_FRESH_MS = 10_000;

function waitingRequests(): StartUpRequest[] | undefined {
  return typeof window === 'undefined' ? undefined : window.__startUpRequests;
}

function sameRequest(sent: StartUpRequest, request: Request, body: string | null | undefined): boolean {
  return (
    sent.method === request.method &&
    sent.url === request.url &&
    sent.authorization === request.headers.get('Authorization') &&
    (body === undefined || sent.body === body) &&
    performance.now() - sent.sentAt < START_UP_ANSWER_FRESH_MS
  );
}

/**
 * The answer to the start-up script's request that is the same as `request`, taken off the list;
 * undefined when there is none, or when that request failed (the caller then sends its own).
 */
export async function takeStartUpResponse(request: Request): Promise<Response | undefined> {
  if (!waitingRequests()?.some((sent) => sameRequest(sent, request, undefined))) return undefined;
  if (request.signal.aborted) return undefined;
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.clone().text();
  // Looked up again after the wait: another caller may have taken it meanwhile.
  const waiting = waitingRequests() ?? [];
  const index = waiting.findIndex((sent) => sameRequest(sent, request, body));
  if (index < 0) return undefined;
  const [taken] = waiting.splice(index, 1);
  return taken!.response.catch(() => undefined);
}

/**
 * `fetch`, served from the start-up's answers where one is the same request (ky hands it a
 * finished `Request`; anything else goes to the network as it is).
 */
export async function fetchOrTakeStartUpResponse(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const taken = input instanceof Request ? await takeStartUpResponse(input) : undefined;
  return taken ?? fetch(input, init);
}

/** What a query that may be answered by the start-up script passes on to its request. */
export type StartUpRequestOptions = Pick<RequestOptions, 'fetch'>;

/**
 * For the start-up's queries: the request takes the start-up script's answer to the very same
 * request, if there is one, and is sent otherwise. Its answer then goes through the HTTP client's
 * hooks like any other (a 401 ends the session).
 */
export const FROM_START_UP: StartUpRequestOptions = { fetch: fetchOrTakeStartUpResponse };
