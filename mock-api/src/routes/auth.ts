import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  type LoginRequestSchema,
  RegisterRequestSchema,
  SetPasswordRequestSchema,
  VerifyOtpRequestSchema,
} from '@loyalty/shared/api';
import { validationMessage } from '@loyalty/shared/validation/messages';
import * as v from 'valibot';
import type { AppContext } from '../context';
import { hashPassword, verifyPassword } from '../auth/password';
import { issueToken, requireMember, session } from '../auth/session';
import { HttpError, asyncRoute } from '../http/errors';
import { parseInput } from '../http/validate';
import { toUser } from '../domain/users';
import { newMember } from '../store/seed';
import { RESET_TOKEN_TTL_MINUTES, consumeOtp, newOtpCode, newResetToken, sha256, storeOtp } from '../domain/codes';

/** docs/product/api.md texts. */
export const INVALID_CREDENTIALS = 'Invalid login credentials.';
export const ACCOUNT_LOCKED =
  'Your account has been locked due to multiple failed login attempts. Please reset your password to unlock your account.';
export const INVALID_OTP = 'Invalid OTP';
export const PASSWORD_RESET = 'Password is reset successfully';
export const REQUEST_SENT = 'Request sent successfully!';
/** Consecutive failed logins that lock an account. */
export const MAX_FAILED_LOGINS = 5;

/** Login checks presence and size only: a password set under an older policy must still work. */
const LoginInputSchema = v.object({
  email: v.pipe(
    v.string('validation.email_required'),
    v.trim(),
    v.nonEmpty('validation.email_required'),
    v.maxLength(254, 'validation.email_invalid'),
    v.toLowerCase(),
  ),
  password: v.pipe(
    v.string('validation.password_required'),
    v.nonEmpty('validation.password_required'),
    v.maxLength(128, 'validation.password_max'),
  ),
});
// The contract's request type (`LoginRequest`) must stay what this route accepts.
type LoginContractHolds =
  v.InferInput<typeof LoginRequestSchema> extends v.InferInput<typeof LoginInputSchema> ? true : never;
export const LOGIN_CONTRACT_HOLDS: LoginContractHolds = true;

export function authRoutes(context: AppContext): Router {
  const router = Router();
  const { store, clock, outbox } = context;
  const findMember = (email: string) => store.data.members.find((member) => member.email === email);
  // Unknown addresses still cost one hash, so timing does not tell which addresses exist.
  const dummyHash = hashPassword(randomUUID(), context.scryptCost);

  router.post(
    '/login',
    asyncRoute(async (request, response) => {
      const { email, password } = parseInput(LoginInputSchema, request.body);
      const member = findMember(email);
      if (!member) {
        await verifyPassword(password, await dummyHash);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      if (member.locked) throw new HttpError(423, ACCOUNT_LOCKED);
      const valid = await verifyPassword(password, member.passwordHash);
      // Another request may have locked the account while this one was hashing.
      if (member.locked) throw new HttpError(423, ACCOUNT_LOCKED);
      if (!valid) {
        const locked = store.transact(() => {
          member.failedLogins += 1;
          if (member.failedLogins >= MAX_FAILED_LOGINS) member.locked = true;
          return member.locked;
        });
        throw new HttpError(locked ? 423 : 401, locked ? ACCOUNT_LOCKED : INVALID_CREDENTIALS);
      }
      if (!member.verified) {
        throw new HttpError(403, 'Please verify your email address with the code we sent before signing in.');
      }
      if (member.failedLogins !== 0) store.transact(() => void (member.failedLogins = 0));
      response.json({ token: issueToken(context, member), data: toUser(member) });
    }),
  );

  router.post(
    '/register',
    asyncRoute(async (request, response) => {
      const input = parseInput(RegisterRequestSchema, request.body);
      if (findMember(input.email)?.verified) {
        throw new HttpError(409, 'An account with this email already exists', {
          email: 'An account with this email already exists',
        });
      }
      const passwordHash = await hashPassword(input.password, context.scryptCost);
      store.transact((data) => {
        const existing = data.members.find((member) => member.email === input.email);
        if (existing?.verified) {
          throw new HttpError(409, 'An account with this email already exists', {
            email: 'An account with this email already exists',
          });
        }
        if (existing) {
          // Registering again before verifying replaces the details and sends a fresh code.
          Object.assign(existing, { firstname: input.firstname, lastname: input.lastname, passwordHash });
        } else {
          data.members.push(
            newMember({
              id: `mbr-${randomUUID()}`,
              email: input.email,
              firstname: input.firstname,
              lastname: input.lastname,
              passwordHash,
              verified: false,
              createdAt: clock.now().toISOString(),
            }),
          );
        }
        const code = newOtpCode();
        storeOtp(data, input.email, 'register', code, clock.now());
        outbox.send(data, {
          to: input.email,
          subject: 'Your verification code',
          code,
          body: `Welcome, ${input.firstname}! Your verification code is ${code}. It expires in 10 minutes.`,
        });
      });
      const message = 'Please check your email!';
      response.status(201).json({ message, email: input.email, accessToken: null, user: { email: input.email } });
    }),
  );

  router.post('/verify-otp', (request, response) => {
    const input = parseInput(VerifyOtpRequestSchema, request.body, INVALID_OTP);
    const result = store.transact((data) => {
      const member = data.members.find((candidate) => candidate.email === input.email);
      const valid = consumeOtp(data, input.email, input.purpose, input.otp, clock.now());
      if (!valid || !member) return null;
      if (input.purpose === 'register') {
        member.verified = true;
        return {
          message: 'Your account is verified',
          data: { accessToken: issueToken(context, member), user: toUser(member) },
        };
      }
      const resetToken = newResetToken();
      data.resetTokens = data.resetTokens.filter((token) => token.memberId !== member.id);
      data.resetTokens.push({
        tokenHash: sha256(resetToken),
        memberId: member.id,
        expiresAt: new Date(clock.now().getTime() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString(),
      });
      return { message: 'Code verified', data: { resetToken } };
    });
    if (!result) throw new HttpError(422, INVALID_OTP, { otp: INVALID_OTP });
    response.json(result);
  });

  router.post('/forgot-password', (request, response) => {
    const { email } = parseInput(ForgotPasswordRequestSchema, request.body);
    // The same answer whether or not the address is known, so the form cannot list members.
    if (findMember(email)) {
      store.transact((data) => {
        const code = newOtpCode();
        storeOtp(data, email, 'reset', code, clock.now());
        outbox.send(data, {
          to: email,
          subject: 'Reset your password',
          code,
          body: `Your password reset code is ${code}. It expires in 10 minutes.`,
        });
      });
    }
    response.json({ message: REQUEST_SENT });
  });

  router.post(
    '/set-password',
    asyncRoute(async (request, response) => {
      const input = parseInput(SetPasswordRequestSchema, request.body);
      const invalid = new HttpError(422, 'This reset link is invalid or has expired. Please request a new code.', {
        resetToken: 'Invalid or expired reset token',
      });
      const findToken = () => store.data.resetTokens.find((token) => token.tokenHash === sha256(input.resetToken));
      const token = findToken();
      if (!token || Date.parse(token.expiresAt) <= clock.now().getTime()) throw invalid;
      // docs/product/limits.md: the new password must differ from the old one, on a reset as on a change.
      const owner = store.data.members.find((candidate) => candidate.id === token.memberId);
      if (owner && (await verifyPassword(input.password, owner.passwordHash))) {
        const message = validationMessage('validation.new_password_different');
        throw new HttpError(422, message, { password: message });
      }
      const passwordHash = await hashPassword(input.password, context.scryptCost);
      store.transact((data) => {
        const current = findToken();
        const member = current && data.members.find((candidate) => candidate.id === current.memberId);
        if (!current || !member) throw invalid;
        data.resetTokens = data.resetTokens.filter((entry) => entry.memberId !== member.id);
        Object.assign(member, {
          passwordHash,
          passwordVersion: member.passwordVersion + 1,
          failedLogins: 0,
          locked: false,
          // Receiving the code proves the address, so an unverified registration is verified too.
          verified: true,
        });
      });
      response.json({ message: PASSWORD_RESET });
    }),
  );

  const authenticated = requireMember(context);

  router.get('/me', authenticated, (_request, response) => {
    response.json({ data: toUser(session(response).member) });
  });

  router.get('/logout', authenticated, (_request, response) => {
    const { claims } = session(response);
    const nowSeconds = Math.floor(Date.now() / 1000);
    store.transact((data) => {
      data.revokedTokens = data.revokedTokens.filter((revoked) => revoked.exp > nowSeconds);
      data.revokedTokens.push({ jti: claims.jti, exp: claims.exp });
    });
    response.json({ message: 'Logged out successfully' });
  });

  router.post(
    '/change-password',
    authenticated,
    asyncRoute(async (request, response) => {
      const input = parseInput(ChangePasswordRequestSchema, request.body);
      const { member } = session(response);
      if (!(await verifyPassword(input.oldPassword, member.passwordHash))) {
        const text = 'Old password is incorrect';
        throw new HttpError(422, text, { oldPassword: text });
      }
      const passwordHash = await hashPassword(input.newPassword, context.scryptCost);
      const version = member.passwordVersion;
      store.transact(() => {
        // Another change won the race since this one checked the old password.
        if (member.passwordVersion !== version)
          throw new HttpError(409, 'The password was changed meanwhile. Please sign in again.');
        member.passwordHash = passwordHash;
        member.passwordVersion += 1;
      });
      response.json({
        message: 'Password changed successfully',
        token: issueToken(context, member),
        data: toUser(member),
      });
    }),
  );

  return router;
}
