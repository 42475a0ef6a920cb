import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  type LoginRequestSchema,
  NotMeRequestSchema,
  RegisterRequestSchema,
  SetPasswordRequestSchema,
  SignOutKeyRequestSchema,
  VerifyOtpRequestSchema,
} from '@loyalty/shared/api';
import { validationMessage } from '@loyalty/shared/validation/messages';
import { keepSignedInSchema } from '@loyalty/shared/validation';
import * as v from 'valibot';
import type { AppContext } from '../context';
import { hashPassword, hashPasswordLike, matchPassword, verifyPassword } from '../auth/password';
import { issueSession, requireMember, session } from '../auth/session';
import { signToken } from '../auth/jwt';
import {
  clearKeptCookie,
  findKeptSecret,
  keptSecretOf,
  keptSessionLive,
  rotateSecret,
  setKeptCookie,
} from '../domain/kept-sessions';
import { sessionOfSignOutKey } from '../auth/sign-out-key';
import { HttpError, TooManyRequests, asyncRoute } from '../http/errors';
import { parseInput } from '../http/validate';
import { memberById, toUser } from '../domain/users';
import { newMember } from '../store/seed';
import { findScanningAll, type Transaction } from '../store/store';
import {
  OTP_TTL_MINUTES,
  RESET_TOKEN_TTL_MINUTES,
  consumeOtp,
  newOtpCode,
  newEmailLink,
  newResetToken,
  sha256,
  storeOtp,
  storeResetLink,
} from '../domain/codes';
import {
  CODES_SUSPENDED,
  CODE_SENT_RECENTLY,
  nextResetMailInMs,
  nextSendInMs,
  recordSend,
  recordWrongCode,
  suspensionLeftMs,
} from '../domain/code-limits';
import { clientKey } from '../security/client-throttles';
import { mailText, mailWords } from '../mail/compose';
import { completeSignIn, keepIfChosen, sendAlert } from '../auth/sign-in';
import { takeAlert } from '../domain/sign-in-alerts';
import { endSessions, moveToNewPassword, touchSession, versionSignsIn } from '../domain/sessions';
import { passwordSignsIn, undoDisowned } from '../domain/passkeys';
import { PASSKEY_TEXTS } from '@loyalty/shared/api/messages';
import { paths } from '@loyalty/shared/router/paths';
import type { Database, MemberRecord, OtpRecord, SignInFailureRecord } from '../store/schema';

/** docs/product/api.md texts. */
export const INVALID_CREDENTIALS = 'Invalid login credentials.';
export const ACCOUNT_LOCKED =
  'Your account has been locked due to multiple failed login attempts. Please reset your password to unlock your account.';
export const INVALID_OTP = 'Invalid OTP';
export const PASSWORD_RESET = 'Password is reset successfully';
export const REQUEST_SENT = 'Request sent successfully!';
export const CHECK_EMAIL = 'Please check your email!';
export const UNVERIFIED = 'Please verify your email address with the code we sent before signing in.';
export const CHANGED_MEANWHILE = 'The password was changed meanwhile. Please sign in again.';
export const ALERT_LINK_INVALID = 'This link is invalid, has expired or was already used.';
export const SIGN_IN_ENDED = 'That sign-in has ended. We sent you a code to choose a new password.';
export const SIGN_IN_ALREADY_ENDED = 'That sign-in had already ended. We sent you a code to choose a new password.';
export const SIGNED_OUT = 'Logged out successfully';
export const SIGN_OUT_KEY_INVALID = 'This sign-out key is not valid.';
export const SIGN_OUT_KEY_SPENT = 'That sign-in had already ended.';
export const KEPT_SIGN_IN_NONE = 'This device is not kept signed in any more. Please sign in.';
export const KEPT_SIGN_IN_REPLAYED =
  'This device’s sign-in was used from somewhere else, so it has been ended. Please sign in again.';
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
  keepSignedIn: keepSignedInSchema,
});
// The contract's request type (`LoginRequest`) must stay what this route accepts.
type LoginContractHolds =
  v.InferInput<typeof LoginRequestSchema> extends v.InferInput<typeof LoginInputSchema> ? true : never;
export const LOGIN_CONTRACT_HOLDS: LoginContractHolds = true;

/**
 * A failed sign-in's count: the account's own, or, for an address without one, a record kept the
 * same way (and written the same way), so neither the answer, the lockout nor the work tells the
 * two apart.
 */
type FailureCount = Pick<MemberRecord, 'failedLogins' | 'locked' | 'lockedAt'>;

function signInFailuresOf(data: Database, email: string): SignInFailureRecord | undefined {
  const emailHash = sha256(email);
  return data.signInFailures.find((record) => record.emailHash === emailHash);
}

export function authRoutes(context: AppContext): Router {
  const router = Router();
  const { store, clock, outbox, security, throttles, signInSlowdown } = context;
  const findMember = (email: string) => findScanningAll(store.data.members, (member) => member.email === email);
  // Unknown addresses still cost one hash, so timing does not tell which addresses exist.
  const dummyHash = hashPassword(randomUUID(), context.scryptCost);
  const countOf = (email: string): FailureCount | undefined => {
    // Both looked up for every address, so the look-up takes as long whichever exists.
    const record = signInFailuresOf(store.data, email);
    return findMember(email) ?? record;
  };
  /** What is left of a lock: it ends by itself `LOCKOUT_DURATION` after it began (or a reset ends it). */
  const lockLeftMs = (count: FailureCount | undefined, now = clock.now()): number =>
    count?.locked && count.lockedAt
      ? Math.max(0, Date.parse(count.lockedAt) + security.lockoutSeconds * 1000 - now.getTime())
      : 0;
  /** 423 while `email` is locked, saying when it opens again (`Retry-After`). */
  const assertNotLocked = (email: string) => {
    const leftMs = lockLeftMs(countOf(email));
    if (leftMs > 0) throw new TooManyRequests(ACCOUNT_LOCKED, leftMs, 423);
  };

  /**
   * Tells the owner of `email` that it is locked, with how long for and a reset link, and notes the
   * mail in the address's limits. Not sent while the inbox holds a live link of a recent e-mail (the
   * cool-down and the hourly cap). `member` null: an address without an account, whose limits
   * alone are noted (login runs this for every address in both its transactions, and keeps one).
   */
  const lockNotice = (
    data: Database,
    email: string,
    member: Pick<MemberRecord, 'id' | 'preferredLanguage'> | null,
    now: Date,
    transaction: Transaction,
  ) => {
    // Its own cool-down, so that the owner may still ask for a code at once.
    if (nextResetMailInMs(data, email, now, security, 'lock') > 0) return;
    const link = newEmailLink(context.portalOrigin, paths.auth.resetLink, now, security.resetLinkSeconds);
    recordSend(data, { email, purpose: 'lock', now }, security);
    if (member === null) return;
    storeResetLink(data, link, member.id, now);
    const language = member.preferredLanguage;
    const words = mailWords(language);
    outbox.send(
      data,
      {
        to: email,
        subject: mailText(language, 'locked', 'subject'),
        link: link.url,
        body: mailText(language, 'locked', 'body', {
          duration: words.duration(security.lockoutSeconds),
          life: words.duration(security.resetLinkSeconds),
          link: link.url,
        }),
      },
      transaction,
    );
  };
  /**
   * The reset code (unless the address's codes are suspended) and a reset link, in one e-mail to
   * `email`, in its member's language; `memberId` '' for an address without an account (made, then
   * discarded by the caller).
   */
  const sendResetMail = (
    data: Database,
    reset: { email: string; memberId: string; language: string | undefined; codesOpen: boolean; now: Date },
    transaction: Transaction,
  ) => {
    const { email, memberId, language = 'en', codesOpen, now } = reset;
    const code = newOtpCode();
    if (codesOpen) storeOtp(data, email, 'reset', code, now);
    const link = newEmailLink(context.portalOrigin, paths.auth.resetLink, now, security.resetLinkSeconds);
    storeResetLink(data, link, memberId, now);
    const words = mailWords(language);
    const values = {
      code,
      codeLife: words.duration(OTP_TTL_MINUTES * 60),
      life: words.duration(security.resetLinkSeconds),
      link: link.url,
    };
    outbox.send(
      data,
      {
        to: email,
        subject: mailText(language, 'reset', 'subject'),
        ...(codesOpen ? { code } : {}),
        link: link.url,
        body: mailText(language, 'reset', codesOpen ? 'body_code' : 'body_link', values),
      },
      transaction,
    );
  };
  /** 429 while codes of `purpose` may not be sent to `email` (cool-down, hourly cap, suspension). */
  const assertCodeMaySend = (email: string, purpose: OtpRecord['purpose']) => {
    const waitMs = nextSendInMs(store.data, { email, purpose, now: clock.now() }, security);
    if (waitMs > 0) {
      const suspended = suspensionLeftMs(store.data, email, clock.now()) > 0;
      throw new TooManyRequests(suspended ? CODES_SUSPENDED : CODE_SENT_RECENTLY, waitMs);
    }
  };

  router.post(
    '/login',
    throttles.limit('signIn'),
    asyncRoute(async (request, response) => {
      const { email, password, keepSignedIn } = parseInput(LoginInputSchema, request.body);
      await signInSlowdown.check(email);
      assertNotLocked(email);
      const member = findMember(email);
      const match = member
        ? await matchPassword(
            password,
            member.passwordHash,
            ...(member.unclaimedRegistration ? [member.unclaimedRegistration.passwordHash] : []),
          )
        : (await matchPassword(password, await dummyHash), -1);
      // Another request may have locked the account while this one was hashing.
      assertNotLocked(email);
      if (match === -1 || !member) {
        // The count is the account's, or a record's for an address without one. Both are counted
        // and written for every address, each in a transaction of its own, and one is kept, so
        // the work tells nothing; without an account another member's count stands in.
        const now = clock.now();
        const count = (target: FailureCount, lockNotice: () => void) => {
          // A lock that has ended by itself: the count starts again.
          if (target.locked) {
            Object.assign(target, { failedLogins: 0, locked: false });
            delete target.lockedAt;
          }
          target.failedLogins += 1;
          if (target.failedLogins >= MAX_FAILED_LOGINS) {
            Object.assign(target, { locked: true, lockedAt: now.toISOString() });
            lockNotice();
          }
          return { failures: target.failedLogins, locked: target.locked };
        };
        const onAccount = store.transact((data, transaction) => {
          const [account] = data.members.filter((candidate) => candidate.email === email);
          const stand = account ?? data.members[0];
          const counted = count(stand ?? { failedLogins: 0, locked: false }, () =>
            lockNotice(data, email, stand ?? { id: '', preferredLanguage: 'en' }, now, transaction),
          );
          if (!account) transaction.discard();
          return account && counted;
        });
        const onRecord = store.transact((data, transaction) => {
          const hasAccount = data.members.filter((candidate) => candidate.email === email).length > 0;
          const record = signInFailuresOf(data, email) ?? {
            emailHash: sha256(email),
            failedLogins: 0,
            locked: false,
            lastFailureAt: '',
          };
          if (record.failedLogins === 0) data.signInFailures.push(record);
          record.lastFailureAt = now.toISOString();
          const counted = count(record, () => lockNotice(data, email, null, now, transaction));
          if (hasAccount) transaction.discard();
          return counted;
        });
        const { failures, locked } = onAccount ?? onRecord;
        if (locked) throw new TooManyRequests(ACCOUNT_LOCKED, security.lockoutSeconds * 1000, 423);
        await signInSlowdown.failed(email, failures);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      // The password of a registration still waiting for its code, or of one made by someone who
      // registered this verified address without owning it (see `unclaimedRegistration`).
      if (!member.verified || match === 1) throw new HttpError(403, UNVERIFIED);
      const signedIn = store.transact((data, transaction) => {
        const current = memberById(data, member.id);
        // A password changed while this one was hashing: the one checked is no longer the account's.
        if (!current || current.passwordVersion !== member.passwordVersion)
          throw new HttpError(401, INVALID_CREDENTIALS);
        // Only someone who knows the password learns that it is off: the passkey is the way in.
        if (!passwordSignsIn(current, clock.now())) throw new HttpError(403, PASSKEY_TEXTS.passwordSignInOff);
        if (current.passwordSignInOff) {
          // The wait after a reset is over: the password signs in again, as the e-mail said.
          delete current.passwordSignInOff;
          delete current.passwordSignInBackAt;
        }
        if (current.failedLogins !== 0 || current.locked) {
          Object.assign(current, { failedLogins: 0, locked: false });
          delete current.lockedAt;
        }
        const signedIn = completeSignIn(context, data, transaction, current, {
          request,
          response,
          method: 'password',
          keep: keepSignedIn,
        });
        return { ...signedIn, data: toUser(current) };
      });
      await signInSlowdown.succeeded(email);
      response.json(signedIn);
    }),
  );

  /**
   * The same answer, and the same work (one hash, one write), for every address: a new or
   * unverified one gets a code; a verified one is left as it is and its owner is told by e-mail.
   */
  router.post(
    '/register',
    throttles.limit('registrations'),
    asyncRoute(async (request, response) => {
      const input = parseInput(RegisterRequestSchema, request.body);
      assertCodeMaySend(input.email, 'register');
      const known = findMember(input.email);
      const passwordHash = known?.verified
        ? await hashPasswordLike(input.password, known.passwordHash)
        : await hashPassword(input.password, context.scryptCost);
      // Another registration of the address may have gone out while this one was hashing.
      assertCodeMaySend(input.email, 'register');
      const now = clock.now();
      const findExisting = (data: Database) => findScanningAll(data.members, (member) => member.email === input.email);
      // Every address gets the work of both answers, each in a transaction of its own written to
      // disk, and keeps one: a new (or unverified) address the first, a verified one the second.
      let resendAfter = 0;
      store.transact((data, transaction) => {
        const existing = findExisting(data);
        if (existing && !existing.verified) {
          // Registering again before verifying replaces the details and sends a fresh code.
          Object.assign(existing, {
            firstname: input.firstname,
            lastname: input.lastname,
            passwordHash,
            createdAt: now.toISOString(),
            ...(input.language ? { preferredLanguage: input.language } : {}),
          });
        } else {
          data.members.push(
            newMember({
              id: `mbr-${randomUUID()}`,
              email: input.email,
              firstname: input.firstname,
              lastname: input.lastname,
              passwordHash,
              verified: false,
              createdAt: now.toISOString(),
              ...(input.language ? { preferredLanguage: input.language } : {}),
            }),
          );
        }
        const code = newOtpCode();
        storeOtp(data, input.email, 'register', code, now);
        // The registration's language: the page's, as just kept (the default without one).
        const language = findExisting(data)?.preferredLanguage;
        outbox.send(
          data,
          {
            to: input.email,
            subject: mailText(language, 'verification', 'subject'),
            code,
            body: mailText(language, 'verification', 'body', {
              firstname: input.firstname,
              code,
              life: mailWords(language).duration(OTP_TTL_MINUTES * 60),
            }),
          },
          transaction,
        );
        const wait = recordSend(data, { email: input.email, purpose: 'register', now }, security);
        if (existing?.verified) transaction.discard();
        else resendAfter = wait;
      });
      store.transact((data, transaction) => {
        // The verified account, or the registration the first transaction just kept.
        const existing = findExisting(data)!;
        // Only a hash made with this account's salt can be checked beside its password.
        if (passwordHash.split('$')[4] === existing.passwordHash.split('$')[4]) {
          existing.unclaimedRegistration = {
            passwordHash,
            expiresAt: new Date(now.getTime() + security.retention.unverifiedSeconds * 1000).toISOString(),
          };
        }
        outbox.send(
          data,
          {
            to: input.email,
            subject: mailText(existing.preferredLanguage, 'registration_taken', 'subject'),
            body: mailText(existing.preferredLanguage, 'registration_taken', 'body'),
          },
          transaction,
        );
        const wait = recordSend(data, { email: input.email, purpose: 'register', now }, security);
        if (existing.verified) resendAfter = wait;
        else transaction.discard();
      });
      response.status(201).json({
        message: CHECK_EMAIL,
        email: input.email,
        accessToken: null,
        user: { email: input.email },
        resendAfter,
      });
    }),
  );

  router.post('/verify-otp', throttles.limit('codeChecks'), (request, response) => {
    const input = parseInput(VerifyOtpRequestSchema, request.body, INVALID_OTP);
    // Wrong codes count per address and per client: another client's never suspend this one's
    // codes before the address's own budget, which bounds guessing, is spent.
    const client = clientKey(request);
    const suspendedMs = suspensionLeftMs(store.data, input.email, clock.now(), client);
    if (suspendedMs > 0) throw new TooManyRequests(CODES_SUSPENDED, suspendedMs);
    const result = store.transact((data, transaction) => {
      const now = clock.now();
      const member = data.members.find((candidate) => candidate.email === input.email);
      const valid = consumeOtp(data, input.email, input.purpose, input.otp, now);
      if (!valid || !member) {
        if (recordWrongCode(data, input.email, client, now, security) && member) {
          outbox.send(
            data,
            {
              to: input.email,
              subject: mailText(member.preferredLanguage, 'codes_suspended', 'subject'),
              body: mailText(member.preferredLanguage, 'codes_suspended', 'body', {
                count: security.codeBudget.count,
                duration: mailWords(member.preferredLanguage).duration(security.codeBudget.seconds),
              }),
            },
            transaction,
          );
        }
        return null;
      }
      if (input.purpose === 'register') {
        member.verified = true;
        const { token, keptUntil } = keepIfChosen(
          data,
          member,
          { request, response, keep: input.keepSignedIn },
          issueSession(context, member),
        );
        return {
          message: 'Your account is verified',
          data: { accessToken: token, user: toUser(member), ...(keptUntil ? { keptUntil } : {}) },
        };
      }
      const resetToken = newResetToken();
      data.resetTokens = data.resetTokens.filter((token) => token.memberId !== member.id);
      data.resetTokens.push({
        tokenHash: sha256(resetToken),
        memberId: member.id,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString(),
      });
      return { message: 'Code verified', data: { resetToken } };
    });
    if (!result) throw new HttpError(422, INVALID_OTP, { otp: INVALID_OTP });
    response.json(result);
  });

  /**
   * The same answer in the same time for every address, so the form cannot list members; a code
   * goes only to a known one. The answer leaves before the address is even looked up: only the
   * cool-down is recorded first, so `resendAfter` is right. The code and its e-mail are made just
   * after, as a mail queue would, with one write either way, so that a request right behind this
   * one waits as long whatever this one named. That step makes the code, its hash and the mail for
   * every address and keeps them only for a member: made for members alone, they still made a
   * member's step measurably longer, which a request right behind it waited for (decision 036;
   * docs/performance.md, "Behind the code").
   */
  router.post('/forgot-password', throttles.limit('passwordResets'), (request, response) => {
    const { email } = parseInput(ForgotPasswordRequestSchema, request.body);
    const now = clock.now();
    // Never refused for a suspension of codes: the e-mail's link is how the owner gets back in then.
    const waitMs = nextResetMailInMs(store.data, email, now, security);
    if (waitMs > 0) throw new TooManyRequests(CODE_SENT_RECENTLY, waitMs);
    const { resendAfter, codesOpen } = store.transact((data) => ({
      codesOpen: suspensionLeftMs(data, email, now) === 0,
      resendAfter: recordSend(data, { email, purpose: 'reset', now }, security),
    }));
    response.json({ message: REQUEST_SENT, resendAfter });
    setImmediate(() => {
      try {
        store.transact((data, transaction) => {
          // `filter`, not `find`: every member is read, whether one matches early, late or not at all.
          const [member] = data.members.filter((candidate) => candidate.email === email);
          const language = member?.preferredLanguage;
          sendResetMail(data, { email, memberId: member?.id ?? '', language, codesOpen, now }, transaction);
          // Made and written for every address, kept for a member only (decision 036).
          if (!member) transaction.discard();
        });
      } catch (error) {
        context.log('forgot-password: the reset code could not be stored', error);
      }
    });
  });

  /**
   * The "this wasn't me" link of a sign-in alert (decision 069): its token, once and before it
   * expires, ends the session of that sign-in (its token refused at once) and starts a reset (the
   * code mailed, as "forgot password" does). Nothing in the request but the token names a session
   * or a member, so a link ends only the session it was mailed for.
   */
  router.post('/sign-in-alerts/not-me', throttles.limit('passwordResets'), (request, response) => {
    const { token } = parseInput(NotMeRequestSchema, request.body, ALERT_LINK_INVALID);
    const now = clock.now();
    const result = store.transact((data, transaction) => {
      const alert = takeAlert(data, token, now);
      const member = alert && memberById(data, alert.memberId);
      if (!alert || !member) return null;
      const nowMs = Date.now();
      const sessionWasLive =
        versionSignsIn(member, alert.passwordVersion) &&
        alert.sessionExpiresAt * 1000 > nowMs &&
        !data.revokedTokens.some((revoked) => revoked.jti === alert.sessionId);
      // Whatever that session and the passkeys it added did to the ways in is undone, live or not,
      // and the sessions those passkeys signed in end with it (decision 067).
      const origin = alert.origin ?? alert.sessionId;
      undoDisowned(data, member, origin);
      const descendants = data.sessions.filter((entry) => entry.memberId === member.id && entry.origin === origin);
      endSessions(
        data,
        [...(sessionWasLive ? [{ id: alert.sessionId, expiresAt: alert.sessionExpiresAt }] : []), ...descendants],
        Math.floor(nowMs / 1000),
      );
      const codesOpen = suspensionLeftMs(data, member.email, now) === 0;
      const resendAfter = recordSend(data, { email: member.email, purpose: 'reset', now }, security);
      const { email, id: memberId, preferredLanguage: language } = member;
      sendResetMail(data, { email, memberId, language, codesOpen, now }, transaction);
      return { email: member.email, sessionEnded: sessionWasLive, resendAfter };
    });
    if (!result) throw new HttpError(422, ALERT_LINK_INVALID, { token: ALERT_LINK_INVALID });
    response.json({ message: result.sessionEnded ? SIGN_IN_ENDED : SIGN_IN_ALREADY_ENDED, data: result });
  });

  router.post(
    '/set-password',
    throttles.limit('passwordResets'),
    asyncRoute(async (request, response) => {
      const input = parseInput(SetPasswordRequestSchema, request.body);
      const invalid = new HttpError(422, 'This reset link is invalid or has expired. Please request a new code.', {
        resetToken: 'Invalid or expired reset token',
      });
      const findToken = (data = store.data) =>
        data.resetTokens.find((token) => token.tokenHash === sha256(input.resetToken));
      const token = findToken();
      if (!token || Date.parse(token.expiresAt) <= clock.now().getTime()) throw invalid;
      // docs/product/limits.md: the new password must differ from the old one, on a reset as on a change.
      const owner = store.data.members.find((candidate) => candidate.id === token.memberId);
      if (owner && (await verifyPassword(input.password, owner.passwordHash))) {
        const message = validationMessage('validation.new_password_different');
        throw new HttpError(422, message, { password: message });
      }
      const passwordHash = await hashPassword(input.password, context.scryptCost);
      store.transact((data, transaction) => {
        const current = findToken(data);
        const member = current && memberById(data, current.memberId);
        if (!current || !member) throw invalid;
        // Every link and code of this member ends: the same mail (or an older one) must not reset again.
        data.resetTokens = data.resetTokens.filter((entry) => entry.memberId !== member.id);
        data.otps = data.otps.filter((otp) => !(otp.email === member.email && otp.purpose === 'reset'));
        // Every session ends unless the member chose to keep them (decision 079).
        moveToNewPassword(member, passwordHash, !input.signOutOthers);
        Object.assign(member, {
          failedLogins: 0,
          locked: false,
          // Receiving the code proves the address, so an unverified registration is verified too.
          verified: true,
        });
        delete member.unclaimedRegistration;
        if (member.passwordSignInOff) {
          // An e-mail alone must not undo what the member's passkey guards: the new password signs
          // in only after a wait the owner is told of, in which a passkey sign-in can keep it off.
          const backAt = new Date(clock.now().getTime() + security.passwordReturnSeconds * 1000);
          member.passwordSignInBackAt = backAt.toISOString();
          const language = member.preferredLanguage;
          const words = mailWords(language);
          outbox.send(
            data,
            {
              to: member.email,
              subject: mailText(language, 'reset_password_sign_in_off', 'subject'),
              body: mailText(language, 'reset_password_sign_in_off', 'body', {
                at: words.time(backAt),
                wait: words.duration(security.passwordReturnSeconds),
              }),
            },
            transaction,
          );
        }
      });
      response.json({ message: PASSWORD_RESET, otherSessionsEnded: input.signOutOthers });
    }),
  );

  const authenticated = requireMember(context);

  router.get('/me', authenticated, (_request, response) => {
    response.json({ data: toUser(session(response).member) });
  });

  router.get('/logout', authenticated, (_request, response) => {
    const { claims } = session(response);
    // A kept session ends whole, and the device's cookie goes with it (decision 080).
    const nowSeconds = Math.floor(Date.now() / 1000);
    store.transact((data) => endSessions(data, [{ id: claims.jti, expiresAt: claims.exp }], nowSeconds));
    clearKeptCookie(response);
    response.json({ message: SIGNED_OUT });
  });

  /**
   * A kept device's next token (decision 080): its cookie's secret, traded once, for a token of the
   * same session and a new secret. A secret already traded means the cookie was copied and someone
   * used it first: the whole kept session ends, for both. Anything else ends nothing and says so;
   * every refusal takes the cookie back.
   */
  router.post('/refresh', throttles.limit('signIn'), (request, response) => {
    const secret = keptSecretOf(request.get('cookie'));
    const nowMs = Date.now();
    const nowSeconds = Math.floor(nowMs / 1000);
    const outcome = secret
      ? store.transact((data) => {
          const found = findKeptSecret(data, secret, nowMs);
          if (found.is === 'unknown') return { refused: KEPT_SIGN_IN_NONE };
          const { kept } = found;
          const member = memberById(data, kept.memberId);
          const revoked = data.revokedTokens.some((entry) => entry.jti === kept.id);
          if (found.is === 'spent' || revoked || !member || !keptSessionLive(kept, member, nowMs)) {
            endSessions(data, [{ id: kept.id, expiresAt: kept.keptUntil }], nowSeconds);
            return { refused: found.is === 'spent' ? KEPT_SIGN_IN_REPLAYED : KEPT_SIGN_IN_NONE };
          }
          // At the session's own password version: a session kept through a change stays one of
          // the old password (decision 079), and no token outlives the session's end.
          const claims = { sub: member.id, pwv: kept.passwordVersion, ...(kept.origin ? { org: kept.origin } : {}) };
          const ttl = Math.min(context.tokenTtlSeconds, kept.keptUntil - nowSeconds);
          const issued = signToken(claims, context.secret, ttl, nowMs, kept.id);
          touchSession(data, member, issued.claims, request.get('user-agent') ?? '', nowMs);
          const next = found.is === 'current' ? rotateSecret(kept, nowMs) : null;
          return { issued, member: toUser(member), next, keptUntil: kept.keptUntil };
        })
      : { refused: KEPT_SIGN_IN_NONE };
    if (outcome.refused !== undefined) {
      clearKeptCookie(response);
      throw new HttpError(401, outcome.refused);
    }
    // A page racing another of the same device keeps the cookie the first one was given.
    if (outcome.next) setKeptCookie(response, outcome.next, outcome.keptUntil, nowMs);
    response.json({
      token: outcome.issued.token,
      data: outcome.member,
      keptUntil: new Date(outcome.keptUntil * 1000).toISOString(),
    });
  });

  /**
   * A sign-out that could not reach the API, sent once it can (decision 078): the key ends the one
   * session it names, as its logout would have, and nothing else. No token is asked for: the page
   * that sends it no longer has one. A key the API did not make is refused; one whose session is
   * over (ended, expired, of an older password) says so, and ends nothing.
   */
  router.post('/sign-out-key', throttles.limit('signIn'), (request, response) => {
    const { key } = parseInput(SignOutKeyRequestSchema, request.body, SIGN_OUT_KEY_INVALID);
    const named = sessionOfSignOutKey(key, context.secret);
    if (!named) throw new HttpError(422, SIGN_OUT_KEY_INVALID, { key: SIGN_OUT_KEY_INVALID });
    const nowMs = Date.now();
    const ended = store.transact((data) => {
      // A session is recorded at its token's first use: a key of one never used has no record.
      const record = data.sessions.find((candidate) => candidate.id === named.jti);
      const owner = record && memberById(data, record.memberId);
      const over =
        named.exp * 1000 <= nowMs ||
        data.revokedTokens.some((revoked) => revoked.jti === named.jti) ||
        (record !== undefined && (!owner || !versionSignsIn(owner, record.passwordVersion)));
      if (over) return false;
      endSessions(data, [{ id: named.jti, expiresAt: named.exp }], Math.floor(nowMs / 1000));
      return true;
    });
    if (!ended) throw new HttpError(404, SIGN_OUT_KEY_SPENT);
    response.json({ message: SIGNED_OUT });
  });

  router.post(
    '/change-password',
    authenticated,
    throttles.limit('signIn'),
    asyncRoute(async (request, response) => {
      const input = parseInput(ChangePasswordRequestSchema, request.body);
      const { member, claims } = session(response);
      if (!(await verifyPassword(input.oldPassword, member.passwordHash))) {
        const text = 'Old password is incorrect';
        throw new HttpError(422, text, { oldPassword: text });
      }
      const passwordHash = await hashPassword(input.newPassword, context.scryptCost);
      const changed = store.transact((data, transaction) => {
        const current = memberById(data, member.id);
        // The version this session's token was issued for: a change that landed while this one was
        // hashing has moved it, and this one must not overwrite it (nor hand out a token it kills).
        // A session kept by an earlier change is of an older version too: it signs in anew first.
        if (!current || current.passwordVersion !== claims.pwv) throw new HttpError(409, CHANGED_MEANWHILE);
        moveToNewPassword(current, passwordHash, !input.signOutOthers);
        // The token this change replaces ends with it, whatever becomes of the others.
        endSessions(data, [{ id: claims.jti, expiresAt: claims.exp }], Math.floor(Date.now() / 1000));
        delete current.unclaimedRegistration;
        // A reset mailed before the change (its link, its code) must not undo it.
        data.resetTokens = data.resetTokens.filter((token) => token.memberId !== current.id);
        data.otps = data.otps.filter((otp) => !(otp.email === current.email && otp.purpose === 'reset'));
        // The new token carries the session's origin on: what it does is still that session's.
        const issued = issueSession(context, current, claims.org);
        // A thief who knows the password must not change it unseen, whichever way the others go:
        // the member is told, with a link that ends this session and starts a reset (decision 079).
        sendAlert(context, data, transaction, {
          member: current,
          claims: issued.claims,
          request,
          kind: 'password_changed',
          what: input.signOutOthers ? 'what_ended' : 'what_kept',
          undoes: 'undo_session',
        });
        return { token: issued.token, data: toUser(current) };
      });
      response.json({
        message: 'Password changed successfully',
        token: changed.token,
        data: changed.data,
        otherSessionsEnded: input.signOutOthers,
      });
    }),
  );

  return router;
}
