import path from 'node:path';
import {
  DEFAULT_ALLOWED_ORIGINS,
  DEFAULT_API_HOST,
  DEFAULT_PORTAL_ORIGIN,
  DEFAULT_TOKEN_TTL_SECONDS,
  type MockApiOptions,
} from './app';
import { securityFromEnvironment } from './security/settings';

/** `mock-api/data`, wherever the process was started from. */
export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', 'data');

/** The options of `createApp` from the environment variables documented in the README. */
export function optionsFromEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): MockApiOptions & { port: number; host: string } {
  const ttl = Number(environment.TOKEN_TTL_SECONDS ?? DEFAULT_TOKEN_TTL_SECONDS);
  const port = Number(environment.API_PORT ?? 3000);
  if (!Number.isInteger(ttl) || ttl <= 0)
    throw new Error(`TOKEN_TTL_SECONDS must be a positive whole number of seconds`);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`API_PORT must be a port number`);
  if (environment.MOCK_NOW && Number.isNaN(Date.parse(environment.MOCK_NOW)))
    throw new Error('MOCK_NOW must be an ISO date');
  const devRoutes = environment.MOCK_DEV_ROUTES ?? '0';
  if (devRoutes !== '0' && devRoutes !== '1') throw new Error('MOCK_DEV_ROUTES must be 1 (mount /api/dev) or 0');
  if (devRoutes === '1' && environment.NODE_ENV === 'production')
    throw new Error('MOCK_DEV_ROUTES=1 cannot be used with NODE_ENV=production');
  const portalOrigin = environment.PORTAL_ORIGIN || DEFAULT_PORTAL_ORIGIN;
  if (!/^https?:\/\/[^/?#]+$/.test(portalOrigin))
    throw new Error(`PORTAL_ORIGIN must be an origin such as https://portal.example.com (got "${portalOrigin}")`);
  const webauthnOrigin = environment.WEBAUTHN_ORIGIN || portalOrigin;
  if (!/^https?:\/\/[^/?#]+$/.test(webauthnOrigin))
    throw new Error(`WEBAUTHN_ORIGIN must be an origin such as https://portal.example.com (got "${webauthnOrigin}")`);
  const rpId = environment.WEBAUTHN_RP_ID || new URL(webauthnOrigin).hostname;
  // The browser only lets a page use a relying-party id that is its host or a parent domain of it.
  const host = new URL(webauthnOrigin).hostname;
  if (host !== rpId && !host.endsWith(`.${rpId}`))
    throw new Error(`WEBAUTHN_RP_ID must be the host of WEBAUTHN_ORIGIN or a parent domain of it (got "${rpId}")`);
  const origins = environment.ALLOWED_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    port,
    host: environment.API_HOST || DEFAULT_API_HOST,
    portalOrigin,
    dataDir: path.resolve(environment.MOCK_DATA_DIR || DEFAULT_DATA_DIR),
    ...(environment.MOCK_NOW ? { now: environment.MOCK_NOW } : {}),
    tokenTtlSeconds: ttl,
    ...(environment.JWT_SECRET ? { jwtSecret: environment.JWT_SECRET } : {}),
    allowedOrigins: origins && origins.length > 0 ? origins : DEFAULT_ALLOWED_ORIGINS,
    devRoutes: devRoutes === '1',
    webauthn: { origin: webauthnOrigin, rpId },
    security: securityFromEnvironment(environment),
  };
}
