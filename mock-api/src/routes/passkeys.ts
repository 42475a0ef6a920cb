import { Router } from 'express';
import * as v from 'valibot';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { PASSKEY_TEXTS } from '@loyalty/shared/api/messages';
import { keepSignedInSchema } from '@loyalty/shared/validation';
import type { AppContext } from '../context';
import { requireMember, session } from '../auth/session';
import { completeSignIn, sendAlert } from '../auth/sign-in';
import { originOf } from '../auth/jwt';
import { StepUpSchema, stepUps } from '../auth/step-up';
import {
  AssertionSchema,
  AttestationSchema,
  challengeOf,
  credentialDescriptors,
  passkeyCeremonies,
} from '../auth/passkey-ceremony';
import { HttpError, UNAUTHORIZED, asyncRoute } from '../http/errors';
import { parseInput } from '../http/validate';
import { memberById, toUser, fullName } from '../domain/users';
import { passkeyName, passkeysOf, presentPasskey, userHandleOf } from '../domain/passkeys';

/** The relying party's name, as the browser's passkey dialogs show it. */
export const RP_NAME = 'Loyalty Rewards';
export const PASSKEY_ADDED = 'Passkey added';
export const PASSKEY_REMOVED = 'Passkey removed';
export const PASSKEY_NOT_FOUND = 'No such passkey';
export const LAST_SIGN_IN_METHOD = PASSKEY_TEXTS.lastSignInMethod;
export const CHALLENGE_SPENT = PASSKEY_TEXTS.challengeSpent;
export const REGISTRATION_FAILED = PASSKEY_TEXTS.registrationFailed;
/** One text for every refused assertion, so it tells an attacker nothing about why. */
export const PASSKEY_SIGN_IN_FAILED = PASSKEY_TEXTS.signInFailed;
/** Every member may hold this many passkeys: enough for each device, bounded. */
export const MAX_PASSKEYS = 20;
export const TOO_MANY_PASSKEYS = `You can keep at most ${MAX_PASSKEYS} passkeys. Remove one before you add another.`;

export const PASSWORD_SIGN_IN_ON = 'Password sign-in is on';
export const PASSWORD_SIGN_IN_OFF = 'Password sign-in is off: only your passkeys sign you in';

const PasswordSignInSchema = v.object({ enabled: v.boolean(), ...StepUpSchema.entries });

const RegistrationInputSchema = v.object({ response: AttestationSchema, ...StepUpSchema.entries });
const RegistrationOptionsInputSchema = v.object({ password: StepUpSchema.entries.password });

/** What a "this wasn't me" link in the e-mails of these changes does. */
const AuthenticationInputSchema = v.object({ response: AssertionSchema, keepSignedIn: keepSignedInSchema });

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: a signed-in member registers, lists and removes
 * them; anyone signs in with one and gets the token a password sign-in gives. Every ceremony is
 * bound to the relying-party id and origin of the settings (`WEBAUTHN_RP_ID`, `WEBAUTHN_ORIGIN`),
 * and answers a challenge the API handed out: kept server-side, single use (taken out of the table
 * before it is checked), dead after `PASSKEY_CHALLENGE_TTL` on the business clock.
 */
export function passkeyRoutes(context: AppContext): Router {
  const router = Router();
  const { store, clock, security, throttles, webauthn } = context;
  const authenticated = requireMember(context);
  const { expected, keepChallenge, takeChallenge, verifyAssertion, recordUse } = passkeyCeremonies(context);
  const stepUp = stepUps(context);

  router.get('/passkeys', authenticated, (_request, response) => {
    const { member } = session(response);
    response.json({
      data: passkeysOf(store.data, member.id).map(presentPasskey),
      passwordSignIn: !member.passwordSignInOff,
      ...(member.passwordSignInOff && member.passwordSignInBackAt
        ? { passwordSignInBackAt: member.passwordSignInBackAt }
        : {}),
    });
  });

  router.post(
    '/passkeys/registration-options',
    authenticated,
    throttles.limit('signIn'),
    asyncRoute(async (request, response) => {
      const { password } = parseInput(RegistrationOptionsInputSchema, request.body ?? {});
      const { member, claims } = session(response);
      const existing = passkeysOf(store.data, member.id);
      if (existing.length >= MAX_PASSKEYS) throw new HttpError(409, TOO_MANY_PASSKEYS);
      // A password given here is checked before the device makes a key that a refusal would orphan;
      // the registration itself checks it again.
      if (password !== undefined) await stepUp.confirm({ password }, member, claims);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: webauthn.rpId,
        userID: userHandleOf(member),
        userName: member.email,
        userDisplayName: fullName(member) || member.email,
        timeout: security.passkeyChallengeSeconds * 1000,
        // No attestation: the portal trusts any authenticator the member's device trusts.
        attestationType: 'none',
        excludeCredentials: credentialDescriptors(existing),
        // A passkey: discoverable, so it signs in without an address, and verified (PIN, biometrics).
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      keepChallenge(options.challenge, 'register', member.id);
      response.json({ data: options });
    }),
  );

  router.post(
    '/passkeys/register',
    authenticated,
    throttles.limit('signIn'),
    asyncRoute(async (request, response) => {
      const { response: credential, ...confirmation } = parseInput(
        RegistrationInputSchema,
        request.body,
        REGISTRATION_FAILED,
      );
      const { member, claims } = session(response);
      // Before the challenge is spent: a wrong password leaves the ceremony to answer again.
      const confirmed = await stepUp.confirm(confirmation, member, claims);
      const challenge = challengeOf(credential.response.clientDataJSON);
      takeChallenge(challenge, 'register', member.id, new HttpError(400, CHALLENGE_SPENT));
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: credential as RegistrationResponseJSON,
          ...expected(challenge),
        });
      } catch {
        throw new HttpError(400, REGISTRATION_FAILED);
      }
      if (!verification.verified) throw new HttpError(400, REGISTRATION_FAILED);
      const { credential: key, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
      const now = clock.now();
      const added = store.transact((data, transaction) => {
        const current = memberById(data, member.id);
        if (!current) throw new HttpError(401, REGISTRATION_FAILED);
        confirmed(data, current);
        // A credential id is one key: never a second record, whoever asks (another member's above all).
        if (data.passkeys.some((passkey) => passkey.id === key.id))
          throw new HttpError(409, PASSKEY_TEXTS.alreadyRegistered);
        if (passkeysOf(data, member.id).length >= MAX_PASSKEYS) throw new HttpError(409, TOO_MANY_PASSKEYS);
        const record = {
          id: key.id,
          memberId: member.id,
          publicKey: isoBase64URL.fromBuffer(key.publicKey),
          counter: key.counter,
          transports: key.transports ?? [],
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
          name: passkeyName(request.get('user-agent'), now.toISOString().slice(0, 10)),
          createdAt: now.toISOString(),
          lastUsedAt: null,
          registeredIn: originOf(claims),
        };
        data.passkeys.push(record);
        sendAlert(context, data, transaction, {
          member: current,
          claims,
          request,
          kind: 'passkey_added',
          values: { name: record.name },
          undoes: 'undo_passkey',
        });
        return presentPasskey(record);
      });
      response.status(201).json({ message: PASSKEY_ADDED, data: added });
    }),
  );

  router.post('/passkeys/:passkeyId/remove', authenticated, (request, response) => {
    const { member } = session(response);
    const passkeyId = request.params.passkeyId ?? '';
    store.transact((data) => {
      const current = memberById(data, member.id);
      // Another member's passkey is answered as one that does not exist.
      const index = data.passkeys.findIndex((passkey) => passkey.id === passkeyId && passkey.memberId === member.id);
      if (!current || index === -1) throw new HttpError(404, PASSKEY_NOT_FOUND);
      // The password counts as a way in while it signs in; without it, the last passkey stays.
      if (current.passwordSignInOff && passkeysOf(data, member.id).length === 1)
        throw new HttpError(409, LAST_SIGN_IN_METHOD);
      data.passkeys.splice(index, 1);
    });
    response.json({ message: PASSKEY_REMOVED });
  });

  /**
   * Password sign-in on or off. Off needs a passkey to sign in with. While it is off (or coming
   * back after a reset by e-mail), `enabled: false` keeps it off and cancels the return; the
   * request needs a session, which, with the password off, only a passkey gives.
   */
  router.post(
    '/password-sign-in',
    authenticated,
    throttles.limit('signIn'),
    asyncRoute(async (request, response) => {
      const { enabled, ...confirmation } = parseInput(PasswordSignInSchema, request.body);
      const { member, claims } = session(response);
      if (!enabled && passkeysOf(store.data, member.id).length === 0)
        throw new HttpError(409, PASSKEY_TEXTS.passkeyNeeded);
      // Only off needs the member at the keyboard: on gives the password back to whoever knows it.
      const confirmed = enabled ? null : await stepUp.confirm(confirmation, member, claims);
      const passwordSignIn = store.transact((data, transaction) => {
        const current = memberById(data, member.id);
        if (!current) throw new HttpError(401, UNAUTHORIZED);
        if (enabled) {
          delete current.passwordSignInOff;
          delete current.passwordSignInOffIn;
        } else {
          if (passkeysOf(data, current.id).length === 0) throw new HttpError(409, PASSKEY_TEXTS.passkeyNeeded);
          confirmed?.(data, current);
          current.passwordSignInOff = true;
          current.passwordSignInOffIn = originOf(claims);
          sendAlert(context, data, transaction, {
            member: current,
            claims,
            request,
            kind: 'password_sign_in_off',
            undoes: 'undo_password_sign_in',
          });
        }
        delete current.passwordSignInBackAt;
        return enabled;
      });
      response.json({ message: passwordSignIn ? PASSWORD_SIGN_IN_ON : PASSWORD_SIGN_IN_OFF, passwordSignIn });
    }),
  );

  /** A challenge to confirm a change with one of the member's passkeys (`StepUpSchema.passkey`). */
  router.post(
    '/passkeys/confirmation-options',
    authenticated,
    throttles.limit('signIn'),
    asyncRoute(async (_request, response) => {
      response.json({ data: await stepUp.options(session(response).member) });
    }),
  );

  router.post(
    '/passkeys/authentication-options',
    throttles.limit('signIn'),
    asyncRoute(async (_request, response) => {
      // No address and no list of credentials: the passkey says who, so nothing tells who has one.
      const options = await generateAuthenticationOptions({
        rpID: webauthn.rpId,
        userVerification: 'required',
        timeout: security.passkeyChallengeSeconds * 1000,
      });
      keepChallenge(options.challenge, 'authenticate', null);
      response.json({ data: options });
    }),
  );

  router.post(
    '/passkeys/sign-in',
    throttles.limit('signIn'),
    asyncRoute(async (request, response) => {
      const { response: assertion, keepSignedIn } = parseInput(
        AuthenticationInputSchema,
        request.body,
        PASSKEY_SIGN_IN_FAILED,
      );
      const challenge = challengeOf(assertion.response.clientDataJSON);
      takeChallenge(challenge, 'authenticate', null, new HttpError(401, CHALLENGE_SPENT));
      const refused = new HttpError(401, PASSKEY_SIGN_IN_FAILED);
      const { use } = await verifyAssertion(assertion, challenge, refused);
      const signedIn = store.transact((data, transaction) => {
        const member = recordUse(data, use, refused);
        // The session descends from the one that registered the passkey (decision 067).
        const origin = data.passkeys.find((passkey) => passkey.id === use.passkeyId)?.registeredIn;
        const signedIn = completeSignIn(context, data, transaction, member, {
          request,
          response,
          method: 'passkey',
          keep: keepSignedIn,
          ...(origin ? { origin } : {}),
        });
        return { ...signedIn, data: toUser(member) };
      });
      response.json(signedIn);
    }),
  );

  return router;
}
