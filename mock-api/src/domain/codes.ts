import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@loyalty/shared/validation';
import type { Database, OtpRecord, ResetTokenRecord } from '../store/schema';

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

/**
 * The portal's page that opens the link of a reset e-mail: `paths.auth.resetLink` of
 * `@loyalty/shared/router` (held equal by a test). The token rides in the fragment, which the
 * browser never sends to a server (nor in a `Referer`), so no log or proxy on the way sees it.
 */
export const RESET_LINK_PATH = '/auth/reset-password';

/** A reset link: its address (for the e-mail) and the token's record as stored (hashed). */
export interface ResetLink {
  url: string;
  tokenHash: string;
  expiresAt: string;
}

/** A new single-use link good for `lifetimeSeconds`: 256 random bits, which no one guesses. */
export function newResetLink(portalOrigin: string, now: Date, lifetimeSeconds: number): ResetLink {
  const token = newResetToken();
  return {
    url: `${portalOrigin}${RESET_LINK_PATH}#token=${token}`,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
  };
}

/**
 * `tokens` with `link`'s for `memberId` and without expired ones, without changing them (made for
 * every address, kept for a member's, like {@link otpsWith}). A member's earlier links stay live:
 * asking for another, as anyone may for any address, must not kill the one the owner holds.
 */
export function resetTokensWith(
  tokens: readonly ResetTokenRecord[],
  link: ResetLink,
  memberId: string,
  now: Date,
): ResetTokenRecord[] {
  const kept = tokens.filter((token) => Date.parse(token.expiresAt) > now.getTime());
  kept.push({ tokenHash: link.tokenHash, memberId, expiresAt: link.expiresAt });
  return kept;
}

/** Replaces any earlier code for the same address and purpose. */
export function storeOtp(data: Database, email: string, purpose: OtpRecord['purpose'], code: string, now: Date): void {
  data.otps = otpsWith(data.otps, email, purpose, code, now);
}

/**
 * `otps` as {@link storeOtp} leaves them, without changing them: a caller can do all of storing's
 * work and then keep the result or drop it (forgot-password does this work for every address).
 */
export function otpsWith(
  otps: readonly OtpRecord[],
  email: string,
  purpose: OtpRecord['purpose'],
  code: string,
  now: Date,
): OtpRecord[] {
  // Expired codes of anyone go too, so the file does not fill with codes nobody used.
  const kept = otps.filter(
    (otp) => !(otp.email === email && otp.purpose === purpose) && Date.parse(otp.expiresAt) > now.getTime(),
  );
  kept.push({
    email,
    purpose,
    codeHash: sha256(code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000).toISOString(),
    attemptsLeft: OTP_MAX_ATTEMPTS,
  });
  return kept;
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
    data.otps.splice(index, 1);
    return false;
  }
  const matches = timingSafeEqual(Buffer.from(sha256(code)), Buffer.from(otp.codeHash));
  if (matches) {
    data.otps.splice(index, 1);
    return true;
  }
  otp.attemptsLeft -= 1;
  if (otp.attemptsLeft <= 0) data.otps.splice(index, 1);
  return false;
}
