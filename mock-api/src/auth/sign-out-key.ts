import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A session's sign-out key (decision 078): `<jti>.<exp>.<mac>`, where the mac is the API's HMAC of
 * the session's id and end under a purpose of its own. It names one session and can do one thing:
 * end it (`POST /api/auth/sign-out-key`). It is no token: no route takes it as one, and nothing in
 * it names the member. A page keeps it after a sign-out that could not reach the API, in place of
 * the token, and sends it when the network is back.
 */
const PURPOSE = 'sign-out-key';
const KEY_PATTERN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function macOf(jti: string, exp: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${jti}.${exp}`).digest();
}

/** The sign-out key of the session `jti`, which ends at `exp` (seconds). */
export function signOutKeyOf(session: { jti: string; exp: number }, secret: string): string {
  return `${session.jti}.${session.exp}.${macOf(session.jti, session.exp, secret).toString('base64url')}`;
}

/** The session a key names, if the API made that key; null for anything else (guessed, altered). */
export function sessionOfSignOutKey(key: string, secret: string): { jti: string; exp: number } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, jti, expText, sent] = match as unknown as [string, string, string, string];
  const exp = Number(expText);
  const expected = macOf(jti, exp, secret);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { jti, exp };
}
