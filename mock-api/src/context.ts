import type { Clock } from './clock';
import type { Outbox } from './outbox';
import type { Store } from './store/store';
import type { SecuritySettings } from './security/settings';
import type { ClientThrottler } from './security/client-throttles';
import type { SignInSlowdown } from './security/sign-in-slowdown';

export interface WebAuthnSettings {
  /** `WEBAUTHN_RP_ID`: the domain passkeys are bound to (the portal's host by default). */
  rpId: string;
  /** `WEBAUTHN_ORIGIN`: the origin a ceremony must come from (the portal's by default). */
  origin: string;
}

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
  /** Where passkeys belong: the relying party's id and the one origin whose ceremonies count. */
  webauthn: WebAuthnSettings;
  log: (message: string, error?: unknown) => void;
  security: SecuritySettings;
  throttles: ClientThrottler;
  signInSlowdown: SignInSlowdown;
}
