import * as v from 'valibot';
import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { PASSKEY_TEXTS } from '@loyalty/shared/api/messages';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { memberById } from '../domain/users';
import { consumeChallenge, storeChallenge, userHandleOf } from '../domain/passkeys';
import type { Database, MemberRecord, PasskeyChallengeRecord, PasskeyRecord } from '../store/schema';

const Base64Url = v.pipe(v.string(), v.maxLength(8192), v.regex(/^[A-Za-z0-9_-]*={0,2}$/));

/**
 * The JSON `@simplewebauthn/browser` sends for a credential, checked for shape around the fields of
 * its `response` (the attestation's or the assertion's); the library checks the rest.
 */
const credential = <T extends v.ObjectEntries>(response: T) =>
  v.object({
    id: Base64Url,
    rawId: Base64Url,
    type: v.literal('public-key'),
    response: v.looseObject(response),
    clientExtensionResults: v.optional(v.looseObject({})),
    authenticatorAttachment: v.optional(v.string()),
  });

export const AttestationSchema = credential({
  clientDataJSON: Base64Url,
  attestationObject: Base64Url,
  transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(32)))),
});

export const AssertionSchema = credential({
  clientDataJSON: Base64Url,
  authenticatorData: Base64Url,
  signature: Base64Url,
  userHandle: v.optional(Base64Url),
});

/** The challenge a ceremony's client data names; a response without readable client data is a 400. */
export function challengeOf(clientDataJSON: string): string {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    if (typeof challenge === 'string' && challenge.length > 0) return challenge;
  } catch {
    // Falls through to the refusal below.
  }
  throw new HttpError(400, PASSKEY_TEXTS.challengeSpent);
}

/** Passkeys as the browser's options name them: to exclude at registration, or to allow. */
export function credentialDescriptors(passkeys: PasskeyRecord[]) {
  return passkeys.map((passkey) => ({ id: passkey.id, transports: passkey.transports as AuthenticatorTransport[] }));
}

/** What a verified assertion says about the authenticator, to be checked against the stored key. */
export interface AssertionUse {
  passkeyId: string;
  newCounter: number;
  deviceType: PasskeyRecord['deviceType'];
  backedUp: boolean;
}

/**
 * The API's side of every WebAuthn ceremony: challenges kept server-side, single use (taken out of
 * the table before anything is checked) and dead after `PASSKEY_CHALLENGE_TTL` on the business
 * clock; every response bound to the settings' origin and relying-party id (`WEBAUTHN_ORIGIN`,
 * `WEBAUTHN_RP_ID`) with user verification. Sign-in and the confirmation of a deletion share it.
 */
export function passkeyCeremonies({ store, clock, security, webauthn }: AppContext) {
  const expiry = () => new Date(clock.now().getTime() + security.passkeyChallengeSeconds * 1000).toISOString();
  /** What a response is checked against: its challenge, the settings' origin and RP id, a verified user. */
  const expected = (challenge: string) => ({
    expectedChallenge: challenge,
    expectedOrigin: webauthn.origin,
    expectedRPID: webauthn.rpId,
    requireUserVerification: true,
  });
  return {
    expected,

    keepChallenge(challenge: string, purpose: PasskeyChallengeRecord['purpose'], memberId: string | null): void {
      store.transact((data) =>
        storeChallenge(data, { challenge, purpose, memberId, expiresAt: expiry() }, clock.now()),
      );
    },

    /** Takes the challenge out whatever it was; refuses with `refused` unless it was live and of this ceremony. */
    takeChallenge(
      challenge: string,
      purpose: PasskeyChallengeRecord['purpose'],
      memberId: string | null,
      refused: HttpError,
    ): void {
      const live = store.transact((data) => consumeChallenge(data, challenge, purpose, memberId, clock.now()));
      if (!live) throw refused;
    },

    /**
     * Verifies an assertion against the stored key of the passkey it names, whose member must be a
     * verified one and, when the authenticator names an account, that same one. Any failure is
     * `refused`, so the answer never tells why.
     */
    async verifyAssertion(
      assertion: v.InferOutput<typeof AssertionSchema>,
      challenge: string,
      refused: HttpError,
    ): Promise<{ owner: MemberRecord; use: AssertionUse }> {
      const passkey = store.data.passkeys.find((candidate) => candidate.id === assertion.id);
      const owner = passkey && memberById(store.data, passkey.memberId);
      if (!passkey || !owner?.verified) throw refused;
      const handle = assertion.response.userHandle;
      if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandleOf(owner))) throw refused;
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response: assertion as AuthenticationResponseJSON,
          ...expected(challenge),
          credential: {
            id: passkey.id,
            publicKey: isoBase64URL.toBuffer(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports as AuthenticatorTransport[],
          },
        });
      } catch {
        throw refused;
      }
      if (!verification.verified) throw refused;
      const { newCounter, credentialDeviceType, credentialBackedUp } = verification.authenticationInfo;
      return {
        owner,
        use: { passkeyId: passkey.id, newCounter, deviceType: credentialDeviceType, backedUp: credentialBackedUp },
      };
    },

    /**
     * Records a verified use inside the transaction that acts on it, and answers the passkey's
     * member. A counter that does not move forward (checked here, against a use that landed while
     * this one was verifying) is a cloned authenticator; zero means it keeps none. Backup
     * eligibility is fixed for a credential's life: a change is not the same authenticator.
     */
    recordUse(data: Database, use: AssertionUse, refused: HttpError): MemberRecord {
      const current = data.passkeys.find((candidate) => candidate.id === use.passkeyId);
      const member = current && memberById(data, current.memberId);
      if (!current || !member?.verified) throw refused;
      if ((use.newCounter > 0 || current.counter > 0) && use.newCounter <= current.counter) throw refused;
      if (use.deviceType !== current.deviceType) throw refused;
      Object.assign(current, {
        counter: use.newCounter,
        backedUp: use.backedUp,
        lastUsedAt: clock.now().toISOString(),
      });
      return member;
    },
  };
}
