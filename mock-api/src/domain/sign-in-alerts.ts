import { randomBytes } from 'node:crypto';
import { parse as parseCookie } from 'cookie';
import type { Database, MemberRecord } from '../store/schema';
import { originOf, type TokenClaims } from '../auth/jwt';
import { paths } from '@loyalty/shared/router/paths';
import { newEmailLink, sha256, type EmailLink } from './codes';

/**
 * The cookie that names a browser to the API (decision 069): a random id the API sets on sign-in,
 * HttpOnly so no script reads it, for the longest life browsers allow (400 days).
 */
export const DEVICE_COOKIE = 'loyalty_device';
export const DEVICE_COOKIE_MAX_AGE_MS = 400 * 24 * 3600 * 1000;
/** The browsers kept per member: the least recently used goes first, so the table stays bounded. */
export const KNOWN_DEVICES_MAX = 20;
/** How long a sign-in alert's "this wasn't me" link works (once). */
export const ALERT_LINK_SECONDS = 3 * 24 * 3600;

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The device id in a request's `Cookie` header, or null when there is none or it is not one we make. */
export function deviceIdOf(cookieHeader: string | undefined): string | null {
  const value = parseCookie(cookieHeader ?? '')[DEVICE_COOKIE];
  return value && DEVICE_ID.test(value) ? value : null;
}

/** 256 random bits: no one guesses another browser's id. */
export function newDeviceId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Notes, in a sign-in's transaction, that `member` signed in from `deviceId`, and says what it was:
 * the account's first device (a member who just registered is not alarmed), one it knows, or a
 * new one (an alert goes out).
 */
export function noteDevice(
  data: Database,
  member: MemberRecord,
  deviceId: string,
  now: Date,
): 'first' | 'known' | 'new' {
  const deviceHash = sha256(deviceId);
  const mine = data.knownDevices.filter((device) => device.memberId === member.id);
  const known = mine.find((device) => device.deviceHash === deviceHash);
  if (known) {
    known.lastSeenAt = now.toISOString();
    return 'known';
  }
  if (mine.length >= KNOWN_DEVICES_MAX) {
    const oldest = mine.reduce((a, b) => (a.lastSeenAt <= b.lastSeenAt ? a : b));
    data.knownDevices.splice(data.knownDevices.indexOf(oldest), 1);
  }
  data.knownDevices.push({
    memberId: member.id,
    deviceHash,
    firstSeenAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
  });
  return mine.length === 0 ? 'first' : 'new';
}

/** Keeps the "this wasn't me" link of the sign-in that `claims` were issued for; drops expired ones. */
export function storeAlertLink(
  data: Database,
  portalOrigin: string,
  member: MemberRecord,
  claims: TokenClaims,
  now: Date,
): EmailLink {
  const link = newEmailLink(portalOrigin, paths.auth.notMe, now, ALERT_LINK_SECONDS);
  data.signInAlerts = data.signInAlerts.filter((alert) => Date.parse(alert.expiresAt) > now.getTime());
  data.signInAlerts.push({
    tokenHash: link.tokenHash,
    memberId: member.id,
    sessionId: claims.jti,
    origin: originOf(claims),
    sessionExpiresAt: claims.exp,
    passwordVersion: claims.pwv,
    expiresAt: link.expiresAt,
  });
  return link;
}

/** Takes the alert of `token` out (it works once); undefined when there is none or it expired. */
export function takeAlert(data: Database, token: string, now: Date) {
  const tokenHash = sha256(token);
  const index = data.signInAlerts.findIndex((alert) => alert.tokenHash === tokenHash);
  const alert = data.signInAlerts[index];
  if (!alert) return undefined;
  data.signInAlerts.splice(index, 1);
  return Date.parse(alert.expiresAt) > now.getTime() ? alert : undefined;
}
