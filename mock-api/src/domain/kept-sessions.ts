import { randomBytes } from 'node:crypto';
import { parse as parseCookie } from 'cookie';
import type { CookieOptions, Response } from 'express';
import type { TokenClaims } from '../auth/jwt';
import type { Database, KeptSessionRecord, MemberRecord } from '../store/schema';
import { KEPT_SESSION_DAYS } from '@loyalty/shared/validation';
import { sha256 } from './codes';
import { touchSession, versionSignsIn } from './sessions';

/**
 * "Keep me signed in on this device" (decision 080, docs/product/accounts.md "Kept sessions"): the
 * cookie that holds the device's secret, sent back to the refresh route alone.
 */
export const KEPT_COOKIE = 'loyalty_kept';
export const KEPT_COOKIE_PATH = '/api/auth/refresh';
/** How long a device stays signed in once the member chose it: its own end, told to the member. */
export const KEPT_SESSION_SECONDS = KEPT_SESSION_DAYS * 24 * 3600;
/**
 * How long the secret a refresh replaced still refreshes (without a new cookie): two pages of one
 * device opened together both send the cookie they had, and the second is not a thief.
 */
export const REFRESH_RACE_MS = 10_000;
/** Older secrets remembered per kept session, to tell a copied cookie from an unknown one. */
export const SPENT_SECRETS_KEPT = 20;

const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The secret in a request's `Cookie` header, or null when there is none or it is not one we make. */
export function keptSecretOf(cookieHeader: string | undefined): string | null {
  const value = parseCookie(cookieHeader ?? '')[KEPT_COOKIE];
  return value && SECRET.test(value) ? value : null;
}

// Secure whatever the API's own scheme: the browser meets it through the edge's HTTPS (decision
// 012), and `localhost` counts as secure for the plain development servers.
const cookieOptions = (maxAgeMs: number): CookieOptions => ({
  httpOnly: true,
  secure: true,
  sameSite: 'strict',
  path: KEPT_COOKIE_PATH,
  maxAge: maxAgeMs,
});

/** Gives the device `secret` until the session's end. */
export function setKeptCookie(response: Response, secret: string, keptUntil: number, nowMs: number): void {
  response.cookie(KEPT_COOKIE, secret, cookieOptions(Math.max(0, keptUntil * 1000 - nowMs)));
}

/** Takes the cookie back from the device. */
export function clearKeptCookie(response: Response): void {
  const { maxAge: _unused, ...options } = cookieOptions(0);
  response.clearCookie(KEPT_COOKIE, options);
}

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Keeps the session of `claims` (just signed in) on the device, inside the sign-in's transaction:
 * its record is written at once with its own end, and the secret to set in the cookie is returned.
 */
export function keepSession(
  data: Database,
  member: MemberRecord,
  claims: TokenClaims,
  userAgent: string,
  nowMs: number,
): { secret: string; keptUntil: number } {
  const keptUntil = Math.floor(nowMs / 1000) + KEPT_SESSION_SECONDS;
  touchSession(data, member, claims, userAgent, nowMs);
  const session = data.sessions.find((candidate) => candidate.id === claims.jti);
  if (session) session.keptUntil = keptUntil;
  const secret = newSecret();
  data.keptSessions = data.keptSessions.filter((kept) => kept.keptUntil * 1000 > nowMs);
  data.keptSessions.push({
    id: claims.jti,
    memberId: member.id,
    secretHash: sha256(secret),
    spentHashes: [],
    passwordVersion: claims.pwv,
    ...(claims.org ? { origin: claims.org } : {}),
    keptUntil,
  });
  return { secret, keptUntil };
}

/** What a device's secret is to the API. */
export type KeptSecret =
  | { is: 'current'; kept: KeptSessionRecord }
  /** The one just replaced, within `REFRESH_RACE_MS`: a page of the same device. */
  | { is: 'racing'; kept: KeptSessionRecord }
  /** One already traded: the cookie was copied, and someone used it first. */
  | { is: 'spent'; kept: KeptSessionRecord }
  | { is: 'unknown' };

export function findKeptSecret(data: Pick<Database, 'keptSessions'>, secret: string, nowMs: number): KeptSecret {
  const hash = sha256(secret);
  for (const kept of data.keptSessions) {
    if (kept.secretHash === hash) return { is: 'current', kept };
    if (kept.previous?.secretHash === hash) {
      const racing = nowMs - Date.parse(kept.previous.rotatedAt) < REFRESH_RACE_MS;
      return { is: racing ? 'racing' : 'spent', kept };
    }
    if (kept.spentHashes.includes(hash)) return { is: 'spent', kept };
  }
  return { is: 'unknown' };
}

/** Whether a kept session still signs in: not past its end, its member there at its password version. */
export function keptSessionLive(kept: KeptSessionRecord, member: MemberRecord | undefined, nowMs: number): boolean {
  return (
    kept.keptUntil * 1000 > nowMs &&
    member !== undefined &&
    member.verified &&
    versionSignsIn(member, kept.passwordVersion)
  );
}

/** Replaces the session's secret (inside a transaction); the old one is remembered as spent. */
export function rotateSecret(kept: KeptSessionRecord, nowMs: number): string {
  if (kept.previous) kept.spentHashes = [kept.previous.secretHash, ...kept.spentHashes].slice(0, SPENT_SECRETS_KEPT);
  kept.previous = { secretHash: kept.secretHash, rotatedAt: new Date(nowMs).toISOString() };
  const secret = newSecret();
  kept.secretHash = sha256(secret);
  return secret;
}
