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
import { keepSession, setKeptCookie } from '../domain/kept-sessions';
import { signToken, type TokenClaims } from './jwt';

/** How the member signed in, in an alert's words. */
export type SignInMethod = 'password' | 'passkey';

/** A sign-in's answer: the token, and a kept session's end (ISO) when the member chose to be kept. */
export interface SignedIn {
  token: string;
  keptUntil?: string;
}

/**
 * Keeps the session of `claims` on the device when the member chose it (decision 080): the
 * session's record with its own end, and the cookie whose secret trades for its next token.
 */
export function keepIfChosen(
  data: Database,
  member: MemberRecord,
  exchange: { request: Request; response: Response; keep: boolean | undefined },
  issued: { token: string; claims: TokenClaims },
): SignedIn {
  if (!exchange.keep) return { token: issued.token };
  const nowMs = Date.now();
  const userAgent = exchange.request.get('user-agent') ?? '';
  const { secret, keptUntil } = keepSession(data, member, issued.claims, userAgent, nowMs);
  setKeptCookie(exchange.response, secret, keptUntil, nowMs);
  return { token: issued.token, keptUntil: new Date(keptUntil * 1000).toISOString() };
}

/**
 * The last step of every sign-in (password or passkey), inside its transaction: the token, and
 * the browser noted by its device cookie. A browser the account has not used before gets the
 * member an e-mail with a "this wasn't me" link that ends this session (decision 069); the
 * account's first one does not, so a member who just registered is not alarmed. A member who chose
 * to be kept signed in on the device gets its cookie too (decision 080).
 */
export function completeSignIn(
  context: AppContext,
  data: Database,
  transaction: Transaction,
  member: MemberRecord,
  exchange: { request: Request; response: Response; method: SignInMethod; origin?: string; keep?: boolean },
): SignedIn {
  const { request, response, method, origin } = exchange;
  const issued = signToken(
    { sub: member.id, pwv: member.passwordVersion, ...(origin ? { org: origin } : {}) },
    context.secret,
    context.tokenTtlSeconds,
  );
  const { claims } = issued;
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
  return keepIfChosen(data, member, { request, response, keep: exchange.keep }, issued);
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
