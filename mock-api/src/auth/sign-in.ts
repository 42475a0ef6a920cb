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
import { durationInWords } from '../domain/words';
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
      subject: 'New sign-in to your account',
      what: (device) => `Your account was signed in with a ${method} from a device it has not used before: ${device}`,
      undoes: 'end that session and reset your password',
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

/**
 * An e-mail to the member about something a session did (a sign-in from a new device, a passkey
 * added, password sign-in turned off), with the device, the time and a "this wasn't me" link that
 * ends that session and starts a reset (decision 069), inside the transaction that did it.
 */
export function sendAlert(
  context: AppContext,
  data: Database,
  transaction: Transaction,
  alert: {
    member: MemberRecord;
    claims: TokenClaims;
    request: Request;
    subject: string;
    /** The first sentence, up to the device (e.g. 'Chrome 140 on Linux (desktop)'). */
    what: (device: string) => string;
    /** What the link does, after "open this link to". */
    undoes: string;
  },
): void {
  const { member, claims, request, subject, what, undoes } = alert;
  const now = context.clock.now();
  const link = storeAlertLink(data, context.portalOrigin, member, claims, now);
  const { browser, os, deviceType } = deviceOf(request.get('user-agent') ?? '');
  const when = `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  context.outbox.send(
    data,
    {
      to: member.email,
      subject,
      link: link.url,
      body:
        `${what(`${browser} on ${os} (${deviceType})`)}, at ${when}. If this was you, you need do nothing. If it ` +
        `was not, open this link (it works once, for ${durationInWords(ALERT_LINK_SECONDS)}) to ${undoes}: ${link.url}`,
    },
    transaction,
  );
}
