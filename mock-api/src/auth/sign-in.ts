import type { Request, Response } from 'express';
import type { AppContext } from '../context';
import type { Database, MemberRecord } from '../store/schema';
import type { Transaction } from '../store/store';
import { deviceOf } from '../domain/sessions';
import {
  ALERT_LINK_SECONDS,
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_MS,
  deviceIdOf,
  newDeviceId,
  noteDevice,
  storeAlertLink,
} from '../domain/sign-in-alerts';
import { mailText, mailWords, type MailKind, type MailValues } from '../mail/compose';
import { signToken, type TokenClaims } from './jwt';

/** How the member signed in, in an alert's words. */
export type SignInMethod = 'password' | 'passkey';

/**
 * The last step of every sign-in (password or passkey), inside its transaction: the token, and
 * the browser noted by its device cookie. A browser the account has not used before gets the
 * member an e-mail with a "this wasn't me" link that ends this session (decision 069); the
 * account's first one does not, so a member who just registered is not alarmed.
 */
export function completeSignIn(
  context: AppContext,
  data: Database,
  transaction: Transaction,
  member: MemberRecord,
  exchange: { request: Request; response: Response; method: SignInMethod; origin?: string },
): string {
  const { request, response, method, origin } = exchange;
  const { token, claims } = signToken(
    { sub: member.id, pwv: member.passwordVersion, ...(origin ? { org: origin } : {}) },
    context.secret,
    context.tokenTtlSeconds,
  );
  const now = context.clock.now();
  const deviceId = deviceIdOf(request.get('cookie')) ?? newDeviceId();
  if (noteDevice(data, member, deviceId, now) === 'new') {
    sendAlert(context, data, transaction, {
      member,
      claims,
      request,
      kind: 'sign_in',
      what: `what_${method}`,
      undoes: 'undo_session',
    });
  }
  response.cookie(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.secure,
    path: '/api/auth',
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
  });
  return token;
}

/** The words of a "this wasn't me" link: what it undoes, after "open this link to". */
export type AlertUndoes = 'undo_session' | 'undo_passkey' | 'undo_password_sign_in';

/**
 * An e-mail to the member about something a session did (a sign-in from a new device, a passkey
 * added, password sign-in turned off, the password changed, points sent), with the device, the
 * time and a "this wasn't me" link that ends that session and starts a reset (decision 069),
 * inside the transaction that did it, in the member's language.
 */
export function sendAlert(
  context: AppContext,
  data: Database,
  transaction: Transaction,
  alert: {
    member: MemberRecord;
    claims: TokenClaims;
    request: Request;
    kind: MailKind;
    /** The text of the first sentence (`what`, or a form of it such as `what_passkey`). */
    what?: string;
    /** What the first sentence and the subject fill in besides the device and the time. */
    values?: MailValues;
    undoes: AlertUndoes;
    /** Other members the mail names: it goes when one of them deletes their account. */
    naming?: string[];
  },
): void {
  const { member, claims, request, kind, what = 'what', values = {}, undoes, naming } = alert;
  const now = context.clock.now();
  const link = storeAlertLink(data, context.portalOrigin, member, claims, now);
  const language = member.preferredLanguage;
  const words = mailWords(language);
  const device = words.device(deviceOf(request.get('user-agent') ?? ''));
  const footer = mailText(language, 'words', 'alert_footer', {
    life: words.duration(ALERT_LINK_SECONDS),
    undoes: mailText(language, 'words', undoes),
    link: link.url,
  });
  context.outbox.send(
    data,
    {
      to: member.email,
      subject: mailText(language, kind, 'subject', values),
      link: link.url,
      body: `${mailText(language, kind, what, { ...values, device, time: words.time(now) })} ${footer}`,
      ...(naming ? { naming } : {}),
    },
    transaction,
  );
}
