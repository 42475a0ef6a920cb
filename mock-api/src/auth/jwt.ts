import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { signOutKeyOf } from './sign-out-key';

/** What the mock API puts in a token. `pwv` is the member's password version when it was issued. */
export interface TokenClaims {
  sub: string;
  pwv: number;
  /**
   * The password sign-in this session descends from, when it is not its own: a passkey sign-in's
   * token names the session that registered the passkey, so a "this wasn't me" for that one undoes
   * what its passkeys did too (decision 067). See `originOf`.
   */
  org?: string;
  jti: string;
  iat: number;
  exp: number;
  /** The session's sign-out key (decision 078): the page keeps it, not the token, when a sign-out cannot reach the API. */
  sok?: string;
}

/**
 * The one algorithm the API signs with and the only one it accepts: pinning it is what refuses
 * `alg: none` and any other algorithm a forger might name in the header.
 */
const ALGORITHM = 'HS256';

/**
 * The secret as a key object: given a string, jsonwebtoken first tries to read it as a PEM public or
 * private key, and that failed attempt costs more than the HMAC itself (docs/performance.md).
 */
function keyOf(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret));
}

/**
 * The claims are the project's; the JWS around them is jsonwebtoken's. `iat` and `exp` are set
 * here rather than by the library so they follow `nowMs`. Expiry uses real time, not the mock
 * clock, because browsers check `exp` against their own clock (docs/product/accounts.md, "Session").
 */
export function signToken(
  claims: { sub: string; pwv: number; org?: string },
  secret: string,
  ttlSeconds: number,
  nowMs = Date.now(),
  /** A kept session's next token carries the session's id on (decision 080); a sign-in's is new. */
  jti: string = randomUUID(),
): { token: string; claims: TokenClaims } {
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + ttlSeconds;
  const full: TokenClaims = { ...claims, jti, iat, exp, sok: signOutKeyOf({ jti, exp }, secret) };
  return { token: jwt.sign(full, keyOf(secret), { algorithm: ALGORITHM }), claims: full };
}

/** The claims of a token signed with `secret` that has not expired; null for anything else. */
export function verifyToken(token: string, secret: string, nowMs = Date.now()): TokenClaims | null {
  let claims: unknown;
  try {
    claims = jwt.verify(token, keyOf(secret), { algorithms: [ALGORITHM], clockTimestamp: Math.floor(nowMs / 1000) });
  } catch (error) {
    // A token that is wrong throws the library's error, except a payload that is not JSON: jws
    // parses it before checking anything and its SyntaxError escapes (auth0/node-jsonwebtoken#652).
    // Anything else is a fault of ours, not a 401.
    if (error instanceof jwt.JsonWebTokenError || error instanceof SyntaxError) return null;
    throw error;
  }
  return isClaims(claims) ? claims : null;
}

/** The library checks `exp` only when a token has one; a session token must have every claim. */
function isClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sub === 'string' &&
    typeof claims.pwv === 'number' &&
    typeof claims.jti === 'string' &&
    typeof claims.iat === 'number' &&
    typeof claims.exp === 'number' &&
    (claims.org === undefined || typeof claims.org === 'string')
  );
}

/** The session a token's changes are stamped with: the password sign-in it descends from. */
export function originOf(claims: Pick<TokenClaims, 'jti' | 'org'>): string {
  return claims.org ?? claims.jti;
}
