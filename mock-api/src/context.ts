import type { Clock } from './clock';
import type { Outbox } from './outbox';
import type { Store } from './store/store';
import type { SecuritySettings } from './security/settings';
import type { ClientThrottler } from './security/client-throttles';
import type { SignInSlowdown } from './security/sign-in-slowdown';

/** What every route module needs, built once per app by `createApp`. */
export interface AppContext {
  store: Store;
  clock: Clock;
  outbox: Outbox;
  /** HS256 signing secret. */
  secret: string;
  tokenTtlSeconds: number;
  /** The portal's origin, which the links of e-mails open (`PORTAL_ORIGIN`). */
  portalOrigin: string;
  scryptCost: number;
  log: (message: string, error?: unknown) => void;
  security: SecuritySettings;
  throttles: ClientThrottler;
  signInSlowdown: SignInSlowdown;
}
