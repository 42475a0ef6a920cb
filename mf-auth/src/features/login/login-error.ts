import { ApiError } from '@loyalty/shared/http';
import { PASSKEY_TEXTS, knownServerText } from '@loyalty/shared/api/messages';

export type LoginErrorKey =
  | 'login.errors.invalid_credentials'
  | 'login.errors.locked'
  | 'login.errors.unverified'
  | 'login.errors.password_off'
  | 'login.errors.generic';

/** The server's exact texts (docs/product/api.md) and the translated message each one shows as. */
const KNOWN_LOGIN_ERRORS: Record<string, LoginErrorKey> = {
  'Invalid login credentials.': 'login.errors.invalid_credentials',
  'Your account has been locked due to multiple failed login attempts. Please reset your password to unlock your account.':
    'login.errors.locked',
  // A registration whose code was never entered (mock API).
  'Please verify your email address with the code we sent before signing in.': 'login.errors.unverified',
  // The right password of an account whose member turned password sign-in off.
  [PASSKEY_TEXTS.passwordSignInOff]: 'login.errors.password_off',
};

/** docs/product/accounts.md login outcomes: invalid credentials, locked, not yet verified, or anything else. */
export function loginErrorKey(error: unknown): LoginErrorKey {
  // Sign-in never shows a server's words as sent (docs/product/api.md: any other error reads the generic text).
  const known = error instanceof ApiError ? knownServerText(error.message, KNOWN_LOGIN_ERRORS) : null;
  return known && 'key' in known ? (known.key as LoginErrorKey) : 'login.errors.generic';
}
