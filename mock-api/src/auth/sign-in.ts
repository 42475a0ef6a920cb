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
import { signToken } from './jwt';

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
  exchange: { request: Request; response: Response; method: SignInMethod },
): string {
  const { request, response, method } = exchange;
  const { token, claims } = signToken(
    { sub: member.id, pwv: member.passwordVersion },
    context.secret,
    context.tokenTtlSeconds,
  );
  const now = context.clock.now();
  const deviceId = deviceIdOf(request.get('cookie')) ?? newDeviceId();
  if (noteDevice(data, member, deviceId, now) === 'new') {
    const link = storeAlertLink(data, context.portalOrigin, member, claims, now);
    const { browser, os, deviceType } = deviceOf(request.get('user-agent') ?? '');
    const when = `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    context.outbox.send(
      data,
      {
        to: member.email,
        subject: 'New sign-in to your account',
        link: link.url,
        body:
          `Your account was signed in with a ${method} from a device it has not used before: ${browser} on ${os} ` +
          `(${deviceType}), at ${when}. If this was you, you need do nothing. If it was not, open this link ` +
          `(it works once, for ${durationInWords(ALERT_LINK_SECONDS)}) to end that session and reset your ` +
          `password: ${link.url}`,
      },
      transaction,
    );
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
