import type http from 'node:http';
import type { RequestHandler } from 'express';
import type { SecuritySettings } from '../security/settings';

export const BODY_TIMED_OUT = 'Request timeout: the request body did not arrive in time.';

type TimeLimits = SecuritySettings['timeLimits'];

/**
 * A body that has not fully arrived `bodyMs` after its headers is answered 408 with a message and
 * the connection is closed, so a half-sent body cannot hold a connection (and its parser) open.
 */
export function bodyTimeLimit({ bodyMs }: TimeLimits): RequestHandler {
  return (request, response, next) => {
    if (request.complete || bodyMs <= 0) return next();
    const timer = setTimeout(() => {
      if (request.complete || response.headersSent) return;
      response.set('Connection', 'close').status(408).json({ message: BODY_TIMED_OUT });
      response.once('finish', () => request.socket.destroy());
    }, bodyMs);
    timer.unref();
    const done = () => clearTimeout(timer);
    request.once('end', done);
    request.once('close', done);
    response.once('finish', done);
    next();
  };
}

/**
 * Node's own limits, before any of the app runs: headers must arrive within `headersMs` (else 408
 * and the connection closes), a whole request within the body's limit plus the headers' (a backstop
 * for `bodyTimeLimit`), and a kept-alive connection may idle `idleMs` between requests.
 */
export function applyServerTimeLimits(server: http.Server, { headersMs, bodyMs, idleMs }: TimeLimits): void {
  server.headersTimeout = headersMs;
  server.requestTimeout = headersMs + bodyMs + 1000;
  server.keepAliveTimeout = idleMs;
}

/** How often Node looks for requests past those limits: often enough to keep them within a second. */
export function connectionsCheckingInterval({ headersMs }: TimeLimits): number {
  return Math.max(100, Math.min(1000, Math.floor(headersMs / 4)));
}
