import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import multer from 'multer';
import * as jsonServer from 'json-server';
import { createClock, type Clock } from './clock';
import type { AppContext, WebAuthnSettings } from './context';
import { DEFAULT_SCRYPT_COST, hashPassword } from './auth/password';
import { loadSigningSecret } from './auth/secret';
import { HttpError, errorHandler, notFound } from './http/errors';
import { createOutbox } from './outbox';
import { openStore, DATA_FILE_NAME, type Store } from './store/store';
import { upgradeStoredMenus } from './domain/menu';
import { DEMO_PASSWORD, buildSeed } from './store/seed';
import { authRoutes } from './routes/auth';
import { profileRoutes } from './routes/profile';
import { pointsRoutes } from './routes/points';
import { geoRoutes } from './routes/geo';
import { accountRoutes } from './routes/account';
import { myDataRoutes } from './routes/my-data';
import { sessionRoutes } from './routes/sessions';
import { permissionRoutes } from './routes/permissions';
import { bookingRoutes } from './routes/bookings';
import { devRoutes } from './routes/dev';
import { passkeyRoutes } from './routes/passkeys';
import { securitySettings, type SecurityOverrides } from './security/settings';
import { createClientThrottles } from './security/client-throttles';
import { createSignInSlowdown } from './security/sign-in-slowdown';
import { applyServerTimeLimits, bodyTimeLimit, connectionsCheckingInterval } from './http/time-limits';
import { schedulePurge } from './domain/purge';
import { rewardDevRoutes, rewardRoutes } from './routes/rewards';
import { voucherDevRoutes, voucherRoutes } from './routes/vouchers';
import { householdRoutes } from './routes/household';

/** The apps' pages on their default ports, as the development servers (HTTP) or the edge (TLS) serve them. */
export const DEFAULT_ALLOWED_ORIGINS = [8080, 8081, 8082, 8083].flatMap((port) =>
  ['http', 'https'].flatMap((scheme) => [`${scheme}://localhost:${port}`, `${scheme}://127.0.0.1:${port}`]),
);
export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
/** The shell as `npm start` serves it: what e-mailed links open unless `PORTAL_ORIGIN` says otherwise. */
export const DEFAULT_PORTAL_ORIGIN = 'http://localhost:8080';
/** Loopback only: the portal's edge (or the development server's proxy) is the way in. */
export const DEFAULT_API_HOST = '127.0.0.1';
/** Every endpoint takes a small form; anything larger is refused before it is parsed. */
export const BODY_LIMIT = '16kb';

export interface MockApiOptions {
  /** Folder of `db.json` and the generated signing secret. */
  dataDir: string;
  /** Fixes the business clock (ISO date or date-time), like `MOCK_NOW`. */
  now?: string;
  tokenTtlSeconds?: number;
  jwtSecret?: string;
  allowedOrigins?: string[];
  /**
   * The portal's origin, which e-mailed links open. A setting, never read from a request: a link
   * built from a request's `Origin` or `Host` would send the owner's token wherever an attacker said.
   */
  portalOrigin?: string;
  /**
   * Mounts the `/api/dev` helpers (the outbox of one-time codes, bookings, the business clock),
   * which would take over any account: only for development and tests (`npm start`, the e2e
   * suite, the in-process tests), never by default.
   */
  devRoutes?: boolean;
  /**
   * Passkeys' relying party: its id (a domain) and the origin ceremonies must come from. Both
   * default to the portal's (`portalOrigin` and its host), settings rather than a request's
   * `Origin` or `Host`, so a page elsewhere can never have its assertions accepted.
   */
  webauthn?: Partial<WebAuthnSettings>;
  /** scrypt N; tests lower it to stay fast. */
  scryptCost?: number;
  /** Where outbox lines and unexpected errors go (default: the console). */
  log?: (message: string, error?: unknown) => void;
  /** The limits of README "Security" over their defaults. */
  security?: SecurityOverrides;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface MockApi {
  app: Express;
  store: Store;
  clock: Clock;
  context: AppContext;
  listen(port?: number, host?: string): Promise<RunningServer>;
}

const defaultLog = (message: string, error?: unknown) => (error ? console.error(message, error) : console.log(message));

/** Only a JSON object (or a form) is a body; arrays, strings and numbers are refused up front. */
const requireObjectBody: RequestHandler = (request, _response, next) => {
  const body: unknown = request.body;
  if (request.method === 'POST' && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    next(new HttpError(400, 'Request body must be a JSON object'));
    return;
  }
  next();
};

const multipartFields = multer({ limits: { fieldSize: 16 * 1024, fields: 50, files: 0, parts: 60 } }).none();

/**
 * docs/product/api.md sends some calls as form data, which the shared client posts as multipart: its text
 * fields become the body. Any multipart failure (a file, too many or too large fields, a malformed
 * part) is the sender's fault, so it is a 4xx rather than the 500 it would otherwise become.
 */
const parseMultipartFields: RequestHandler = (request, response, next) => {
  multipartFields(request, response, (error?: unknown) => {
    if (!error) return next();
    const code = (error as { code?: string }).code;
    next(
      code === 'LIMIT_FIELD_VALUE'
        ? new HttpError(413, 'Request body too large')
        : new HttpError(400, 'Malformed form data: only text fields are accepted'),
    );
  });
};

/**
 * Builds the mock API: json-server's Express app, the store (src/store/store.ts), the routes of
 * docs/product/api.md with their rules, CORS for the app origins and JSON errors for everything
 * that goes wrong. `main.ts` only reads the environment and listens; tests call this in-process
 * with a temporary data folder.
 */
export async function createApp(options: MockApiOptions): Promise<MockApi> {
  const log = options.log ?? defaultLog;
  const scryptCost = options.scryptCost ?? DEFAULT_SCRYPT_COST;
  const clock = createClock(options.now);
  fs.mkdirSync(options.dataDir, { recursive: true });

  const dataFile = path.join(options.dataDir, DATA_FILE_NAME);
  const seed = fs.existsSync(dataFile) ? null : buildSeed(await hashPassword(DEMO_PASSWORD, scryptCost), clock.today());
  const store = openStore(
    options.dataDir,
    () => {
      if (!seed) throw new Error(`${dataFile} disappeared while starting`);
      return seed;
    },
    { log },
  );
  // A transaction that changes nothing writes nothing, so a start with every menu current is free.
  const upgraded = store.transact((data) => upgradeStoredMenus(data.members));
  if (upgraded > 0) log(`Menus of ${upgraded} member(s) brought to the registry's entries.`);

  const security = securitySettings(options.security);
  const portalOrigin = options.portalOrigin ?? DEFAULT_PORTAL_ORIGIN;
  const webauthnOrigin = options.webauthn?.origin ?? portalOrigin;
  const context: AppContext = {
    store,
    clock,
    outbox: createOutbox(store, clock, (line) => log(line)),
    secret: loadSigningSecret(options.dataDir, options.jwtSecret),
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
    portalOrigin,
    webauthn: { origin: webauthnOrigin, rpId: options.webauthn?.rpId ?? new URL(webauthnOrigin).hostname },
    scryptCost,
    log,
    security,
    throttles: createClientThrottles(security.clientThrottles),
    signInSlowdown: createSignInSlowdown(security.signInSlowdown),
  };
  const stopPurge = schedulePurge(store, () => clock.now(), { ...security }, log);

  const allowedOrigins = new Set(options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS);
  const app = jsonServer.create();
  app.disable('x-powered-by');
  // Every answer, errors included, is read only as the type it says it is.
  app.use((_request, response, next) => {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.set('json spaces', 0);
  app.set('query parser', 'simple');
  app.set('trust proxy', security.trustProxy);
  app.use(
    cors({
      origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
      methods: ['GET', 'POST', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      // A page on another origin (a remote's own harness) reads when it may try again.
      exposedHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );
  app.use(bodyTimeLimit(security.timeLimits));
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));
  app.use(parseMultipartFields);
  app.use(requireObjectBody);

  app.get('/api/health', (_request, response) => {
    response.json({ status: 'ok' });
  });
  const profile = profileRoutes(context);
  const points = pointsRoutes(context);
  app.use('/api/auth', authRoutes(context), passkeyRoutes(context), profile.auth, points.tiers);
  app.use('/api/member', profile.member);
  app.use('/api/geo', geoRoutes());
  app.use('/api/user/points', points.points);
  app.use('/api/user/transactions', points.transactions);
  app.use(
    '/api/user',
    permissionRoutes(context),
    voucherRoutes(context),
    bookingRoutes(context),
    householdRoutes(context),
  );
  app.use('/api/account', accountRoutes(context), myDataRoutes(context), sessionRoutes(context));
  app.use('/api', rewardRoutes(context));
  if (options.devRoutes) {
    app.use('/api/dev', devRoutes(context), rewardDevRoutes(context), voucherDevRoutes(context));
  }
  app.use(notFound);
  app.use(errorHandler(log));

  return {
    app,
    store,
    clock,
    context,
    listen: (port = 0, host = DEFAULT_API_HOST) =>
      new Promise<RunningServer>((resolve, reject) => {
        const server = http.createServer(
          { connectionsCheckingInterval: connectionsCheckingInterval(security.timeLimits) },
          app,
        );
        applyServerTimeLimits(server, security.timeLimits);
        server.once('error', reject);
        server.listen(port, host, () => {
          const { port: actual } = server.address() as AddressInfo;
          resolve({
            url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
            port: actual,
            close: () =>
              new Promise<void>((done, fail) => {
                stopPurge();
                // The last writes go into db.json, so a stopped API leaves it whole and current.
                server.close(() => void store.close().then(done, fail));
                server.closeAllConnections();
              }),
          });
        });
      }),
  };
}
