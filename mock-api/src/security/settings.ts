/**
 * The limits that make accounts resist attack, each one a named setting (environment variable,
 * documented in mock-api/README.md "Security") with a default that is on in development and in
 * the preview. `createApp` takes them as options; `env.ts` reads them from the environment.
 */

/** At most `count` events in any `seconds`. */
export interface Budget {
  count: number;
  seconds: number;
}

/** What each client (IP address) may send before it is answered 429 with Retry-After. */
export interface ClientThrottles {
  /** Sign-in and password-change attempts (each costs a password hash). */
  signIn: Budget | null;
  /** Code checks (`verify-otp`). */
  codeChecks: Budget | null;
  registrations: Budget | null;
  /** `forgot-password` and `set-password`. */
  passwordResets: Budget | null;
  /** Household transfers and pools, counted per member (docs/product/household.md). */
  householdTransfers: Budget | null;
  /** Downloads of everything the programme holds on a member, counted per member. */
  dataExports: Budget | null;
}

export interface SecuritySettings {
  /** Express's `trust proxy`: which peers may name the client in `X-Forwarded-For`. */
  trustProxy: string | number | boolean;
  clientThrottles: ClientThrottles;
  /** After `afterFailures` consecutive failed sign-ins for one address, each try waits `waitSeconds`. */
  signInSlowdown: { afterFailures: number; waitSeconds: number };
  /**
   * Wrong codes one address may receive from all clients together, across codes and purposes,
   * before its codes are suspended: what bounds the chance of guessing one, however many clients.
   */
  codeBudget: Budget;
  /**
   * Wrong codes one client may enter for one address before that client's codes for it are
   * suspended: one client alone cannot suspend the owner's codes.
   */
  clientCodeBudget: Budget;
  /** How long five failed sign-ins lock an address before it opens again by itself. */
  lockoutSeconds: number;
  /** How long the link of a reset e-mail (and of the lock notice) may be used, once. */
  resetLinkSeconds: number;
  /** How long a passkey challenge (registration or sign-in) may be answered, once. */
  passkeyChallengeSeconds: number;
  /** After a reset while password sign-in is off, how long until the new password signs in. */
  passwordReturnSeconds: number;
  /** Seconds between two codes of one purpose sent to one address. */
  codeCooldownSeconds: number;
  /** Codes (of any purpose) one address may be sent. */
  codeSends: Budget;
  timeLimits: { headersMs: number; bodyMs: number; idleMs: number };
  /** How long what can still matter is kept; then the purge removes it. */
  retention: { unverifiedSeconds: number; outboxSeconds: number; signInFailuresSeconds: number };
  purgeIntervalMs: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The address the portal's own edge connects from: nginx and the development server's proxy reach
 * the API at 127.0.0.1 (scripts/lib/apps.cjs `apiUpstream`). Not all of loopback: only the edge
 * names the client in `X-Forwarded-For`.
 */
export const EDGE_ADDRESS = '127.0.0.1';

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  trustProxy: EDGE_ADDRESS,
  clientThrottles: {
    signIn: { count: 20, seconds: 15 * MINUTE },
    codeChecks: { count: 20, seconds: 15 * MINUTE },
    registrations: { count: 10, seconds: HOUR },
    passwordResets: { count: 10, seconds: HOUR },
    // A family moves points a few times a day; a script looping on the route is stopped at once.
    householdTransfers: { count: 10, seconds: MINUTE },
    // A member downloads their data now and then; each answer reads their whole ledger.
    dataExports: { count: 10, seconds: HOUR },
  },
  signInSlowdown: { afterFailures: 3, waitSeconds: 30 },
  // 10 wrong 4-digit codes a day: at most 10 chances in 10 000, 0.1 % (README "Security").
  codeBudget: { count: 10, seconds: DAY },
  // Five: one code's tries. A second client is needed to reach the address's budget above.
  clientCodeBudget: { count: 5, seconds: DAY },
  lockoutSeconds: 15 * MINUTE,
  resetLinkSeconds: 30 * MINUTE,
  // Long enough for a member to find their phone or security key, short enough to be useless later.
  passkeyChallengeSeconds: 5 * MINUTE,
  // Time for the owner to read the e-mail and, with a passkey, stop a reset they did not make.
  passwordReturnSeconds: 3 * DAY,
  codeCooldownSeconds: 60,
  codeSends: { count: 5, seconds: HOUR },
  timeLimits: { headersMs: 10_000, bodyMs: 10_000, idleMs: 5_000 },
  retention: { unverifiedSeconds: DAY, outboxSeconds: DAY, signInFailuresSeconds: 30 * DAY },
  purgeIntervalMs: MINUTE * 1000,
};

const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: MINUTE, h: HOUR, d: DAY };

/** `90s`, `15m`, `24h`, `30d`, `500ms` as seconds (a bare number is seconds). */
export function parseDuration(text: string, name: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!match) throw new Error(`${name} must be a duration such as 30s, 15m, 24h or 500ms (got "${text}")`);
  return Number(match[1]) * UNIT_SECONDS[match[2] ?? 's']!;
}

/** `20/15m`: 20 in any 15 minutes. `zeroDuration`: `3/0s` is accepted (the sign-in wait: none). */
export function parseBudget(text: string, name: string, { zeroDuration = false } = {}): Budget {
  const [count, duration, ...rest] = text.split('/');
  if (rest.length > 0 || duration === undefined || !/^\s*\d+\s*$/.test(count ?? ''))
    throw new Error(`${name} must be COUNT/DURATION such as 20/15m (got "${text}")`);
  const seconds = parseDuration(duration, name);
  if (seconds <= 0 && !zeroDuration) throw new Error(`${name} needs a duration above zero`);
  return { count: Number(count), seconds };
}

/** A duration above zero. */
function parsePositiveDuration(text: string, name: string): number {
  const seconds = parseDuration(text, name);
  if (seconds <= 0) throw new Error(`${name} needs a duration above zero`);
  return seconds;
}

/** A client throttle: a budget, or `off`. */
export function parseThrottle(text: string, name: string): Budget | null {
  return text.trim() === 'off' ? null : parseBudget(text, name);
}

function parseTrustProxy(text: string): string | number | boolean {
  if (text === 'true' || text === 'false') return text === 'true';
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** The settings of the environment, over the defaults. */
export function securityFromEnvironment(environment: NodeJS.ProcessEnv): SecuritySettings {
  const defaults = DEFAULT_SECURITY_SETTINGS;
  const read = <T>(name: string, parse: (text: string, name: string) => T, fallback: T): T => {
    const text = environment[name];
    return text === undefined || text === '' ? fallback : parse(text, name);
  };
  const milliseconds = (name: string, fallback: number) =>
    read(name, (text) => Math.round(parseDuration(text, name) * 1000), fallback);
  const seconds = (name: string, fallback: number) => read(name, parseDuration, fallback);
  const slowdown = read('SIGN_IN_SLOWDOWN', (text, name) => parseBudget(text, name, { zeroDuration: true }), {
    count: defaults.signInSlowdown.afterFailures,
    seconds: defaults.signInSlowdown.waitSeconds,
  });
  const throttles = defaults.clientThrottles;
  return {
    trustProxy: read('TRUST_PROXY', parseTrustProxy, defaults.trustProxy),
    clientThrottles: {
      signIn: read('THROTTLE_SIGN_IN', parseThrottle, throttles.signIn),
      codeChecks: read('THROTTLE_CODE_CHECKS', parseThrottle, throttles.codeChecks),
      registrations: read('THROTTLE_REGISTRATIONS', parseThrottle, throttles.registrations),
      passwordResets: read('THROTTLE_PASSWORD_RESETS', parseThrottle, throttles.passwordResets),
      householdTransfers: read('THROTTLE_TRANSFERS', parseThrottle, throttles.householdTransfers),
      dataExports: read('THROTTLE_DATA_EXPORTS', parseThrottle, throttles.dataExports),
    },
    signInSlowdown: { afterFailures: slowdown.count, waitSeconds: slowdown.seconds },
    codeBudget: read('CODE_BUDGET', parseBudget, defaults.codeBudget),
    clientCodeBudget: read('CLIENT_CODE_BUDGET', parseBudget, defaults.clientCodeBudget),
    lockoutSeconds: read('LOCKOUT_DURATION', parsePositiveDuration, defaults.lockoutSeconds),
    resetLinkSeconds: read('RESET_LINK_TTL', parsePositiveDuration, defaults.resetLinkSeconds),
    passkeyChallengeSeconds: read('PASSKEY_CHALLENGE_TTL', parsePositiveDuration, defaults.passkeyChallengeSeconds),
    passwordReturnSeconds: read('PASSWORD_RETURN_WAIT', parseDuration, defaults.passwordReturnSeconds),
    codeCooldownSeconds: seconds('CODE_COOLDOWN', defaults.codeCooldownSeconds),
    codeSends: read('CODE_SENDS', parseBudget, defaults.codeSends),
    timeLimits: {
      headersMs: milliseconds('HEADERS_TIMEOUT', defaults.timeLimits.headersMs),
      bodyMs: milliseconds('BODY_TIMEOUT', defaults.timeLimits.bodyMs),
      idleMs: milliseconds('IDLE_TIMEOUT', defaults.timeLimits.idleMs),
    },
    retention: {
      unverifiedSeconds: seconds('UNVERIFIED_RETENTION', defaults.retention.unverifiedSeconds),
      outboxSeconds: seconds('OUTBOX_RETENTION', defaults.retention.outboxSeconds),
      signInFailuresSeconds: seconds('SIGN_IN_FAILURE_RETENTION', defaults.retention.signInFailuresSeconds),
    },
    purgeIntervalMs: milliseconds('PURGE_INTERVAL', defaults.purgeIntervalMs),
  };
}

/** `overrides` over the defaults, one level deep per group. */
export function securitySettings(overrides: SecurityOverrides = {}): SecuritySettings {
  const defaults = DEFAULT_SECURITY_SETTINGS;
  return {
    ...defaults,
    ...overrides,
    clientThrottles: { ...defaults.clientThrottles, ...overrides.clientThrottles },
    signInSlowdown: { ...defaults.signInSlowdown, ...overrides.signInSlowdown },
    timeLimits: { ...defaults.timeLimits, ...overrides.timeLimits },
    retention: { ...defaults.retention, ...overrides.retention },
  };
}

export type SecurityOverrides = Partial<
  Omit<SecuritySettings, 'clientThrottles' | 'signInSlowdown' | 'timeLimits' | 'retention'>
> & {
  clientThrottles?: Partial<ClientThrottles>;
  signInSlowdown?: Partial<SecuritySettings['signInSlowdown']>;
  timeLimits?: Partial<SecuritySettings['timeLimits']>;
  retention?: Partial<SecuritySettings['retention']>;
};
