import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
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

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function signature(content: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(content).digest();
}

/**
 * HS256 with node:crypto: a JWT is two base64url JSON parts and an HMAC, which is short enough to
 * own here rather than add a library to the mock API. Expiry uses real time, not the mock clock,
 * because browsers check `exp` against their own clock (docs/product/accounts.md, "Session").
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
  const content = `${HEADER}.${base64url(JSON.stringify(full))}`;
  return { token: `${content}.${signature(content, secret).toString('base64url')}`, claims: full };
}

/** The claims of a token signed with `secret` that has not expired; null for anything else. */
export function verifyToken(token: string, secret: string, nowMs = Date.now()): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, sent] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = signature(`${header}.${payload}`, secret);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims) || claims.exp * 1000 <= nowMs) return null;
  return claims;
}

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
