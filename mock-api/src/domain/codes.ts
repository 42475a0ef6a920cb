import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@loyalty/shared/validation';
import type { Database, OtpRecord } from '../store/schema';
import { readable } from '../store/store';

/** A code is good for 10 minutes and 5 wrong tries (issue 3). */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** A reset token (what a verified reset code is exchanged for) is good for 10 minutes, once. */
export const RESET_TOKEN_TTL_MINUTES = 10;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A link sent by e-mail: its address (for the e-mail) and the token's record as stored (hashed). */
export interface EmailLink {
  url: string;
  tokenHash: string;
  expiresAt: string;
}

/**
 * A new single-use link to the portal's page at `pagePath` (of `@loyalty/shared/router`), good for
 * `lifetimeSeconds`: 256 random bits, which no one guesses. The token rides in the fragment, which
 * the browser never sends to a server (nor in a `Referer`), so no log or proxy on the way sees it.
 */
export function newEmailLink(portalOrigin: string, pagePath: string, now: Date, lifetimeSeconds: number): EmailLink {
  const token = newResetToken();
  return {
    url: `${portalOrigin}${pagePath}#token=${token}`,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
  };
}

export function storeResetLink(data: Database, link: EmailLink, memberId: string, now: Date): void {
  const expired = readable(data.resetTokens).flatMap((token, index) =>
    Date.parse(token.expiresAt) <= now.getTime() ? [index] : [],
  );
  for (const index of expired.reverse()) data.resetTokens.splice(index, 1);
  data.resetTokens.push({ tokenHash: link.tokenHash, memberId, expiresAt: link.expiresAt });
}

/**
 * Takes a code out by giving its place to the last one: the order of codes means nothing, and
 * taking one out of the middle would move (and journal) every code after it.
 */
function removeOtp(data: Database, index: number): void {
  const last = data.otps.pop()!;
  if (index < data.otps.length) data.otps[index] = last;
}

/** Replaces any earlier code for the same address and purpose. */
export function storeOtp(data: Database, email: string, purpose: OtpRecord['purpose'], code: string, now: Date): void {
  // Expired codes of anyone go too, so the file does not fill with codes nobody used.
  const stale = readable(data.otps).flatMap((otp, index) =>
    (otp.email === email && otp.purpose === purpose) || Date.parse(otp.expiresAt) <= now.getTime() ? [index] : [],
  );
  // Highest first, as each removal moves the last code into its place.
  for (const index of stale.reverse()) removeOtp(data, index);
  data.otps.push({
    email,
    purpose,
    codeHash: sha256(code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000).toISOString(),
    attemptsLeft: OTP_MAX_ATTEMPTS,
  });
}

/**
 * Uses one try of the code for `email` and `purpose`. True when it matches (the code is then
 * spent); false when there is none, it expired, its tries ran out or it does not match.
 */
export function consumeOtp(
  data: Database,
  email: string,
  purpose: OtpRecord['purpose'],
  code: string,
  now: Date,
): boolean {
  const index = data.otps.findIndex((otp) => otp.email === email && otp.purpose === purpose);
  const otp = data.otps[index];
  if (!otp) return false;
  if (Date.parse(otp.expiresAt) <= now.getTime() || otp.attemptsLeft <= 0) {
    removeOtp(data, index);
    return false;
  }
  const matches = timingSafeEqual(Buffer.from(sha256(code)), Buffer.from(otp.codeHash));
  if (matches) {
    removeOtp(data, index);
    return true;
  }
  otp.attemptsLeft -= 1;
  if (otp.attemptsLeft <= 0) removeOtp(data, index);
  return false;
}
